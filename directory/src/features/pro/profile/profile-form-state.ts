/**
 * The profile form's state (text as typed, the week's hours as checkboxes and times) and the body a save
 * sends, checked by the shared schema first so each field's message is the server's own words.
 */
import {
  ProProfileUpdateSchema,
  WEEKDAYS,
  type ProChangeRequest,
  type ProProfile,
  type ProProfileUpdateValues,
  type ServiceId,
  type Weekday,
  type WeeklyHours,
} from '@moveratlas/contracts';
import { fieldErrors } from '../../../components/dashboard/fields';

export interface DayState {
  open: boolean;
  from: string;
  to: string;
}

export interface ProfileFormState {
  name: string;
  usdot_number: string;
  mc_number: string;
  description: string;
  services: ServiceId[];
  service_area: string;
  service_radius_miles: string;
  phone: string;
  website: string;
  hours: Record<Weekday, DayState>;
}

const WORKDAY: DayState = { open: true, from: '08:00', to: '17:00' };
const CLOSED: DayState = { open: false, from: '08:00', to: '17:00' };

function hoursState(hours: WeeklyHours | null): Record<Weekday, DayState> {
  const out = {} as Record<Weekday, DayState>;
  for (const day of WEEKDAYS) {
    const given = hours?.[day];
    if (hours === null) out[day] = day === 'sat' || day === 'sun' ? CLOSED : WORKDAY;
    else out[day] = given ? { open: true, from: given.open, to: given.close } : CLOSED;
  }
  return out;
}

/**
 * The form's values: the listing's, except the name, USDOT and MC number a pending change asks for, so
 * saving the form again does not withdraw that change.
 */
export function formStateOf(profile: ProProfile): ProfileFormState {
  const { values } = profile;
  const pending: ProChangeRequest['changes'] = profile.pendingChange?.changes ?? {};
  const reviewed = (field: 'name' | 'usdot_number' | 'mc_number') =>
    (pending[field] !== undefined ? pending[field] : values[field]) ?? '';
  return {
    name: reviewed('name'),
    usdot_number: reviewed('usdot_number'),
    mc_number: reviewed('mc_number'),
    description: values.description ?? '',
    services: values.services as ServiceId[],
    service_area: values.service_area ?? '',
    service_radius_miles:
      values.service_radius_miles === null ? '' : String(values.service_radius_miles),
    phone: values.phone ?? '',
    website: values.website ?? '',
    hours: hoursState(values.hours),
  };
}

/** The week as the API takes it: null when no day is open. */
function hoursValue(hours: Record<Weekday, DayState>): WeeklyHours | null {
  if (WEEKDAYS.every((day) => !hours[day].open)) return null;
  const out = {} as Record<Weekday, { open: string; close: string } | null>;
  for (const day of WEEKDAYS)
    out[day] = hours[day].open ? { open: hours[day].from, close: hours[day].to } : null;
  return out as WeeklyHours;
}

export type SaveCheck =
  | { ok: true; body: ProProfileUpdateValues; asksReview: boolean }
  | { ok: false; errors: Record<string, string> };

/**
 * The PATCH body of the form, checked: every published field, and the name, USDOT and MC number only when
 * they were changed in the form (they go to staff).
 */
export function checkSave(
  state: ProfileFormState,
  loaded: ProfileFormState,
  version: number,
): SaveCheck {
  const body: ProProfileUpdateValues = {
    version,
    description: state.description,
    services: state.services,
    service_area: state.service_area,
    service_radius_miles: state.service_radius_miles,
    phone: state.phone,
    website: state.website,
    hours: hoursValue(state.hours),
  };
  let asksReview = false;
  for (const field of ['name', 'usdot_number', 'mc_number'] as const)
    if (state[field].trim() !== loaded[field].trim()) {
      body[field] = state[field];
      asksReview = true;
    }
  const parsed = ProProfileUpdateSchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, errors: hoursErrors(fieldErrors(parsed.error), parsed.error) };
  return { ok: true, body, asksReview };
}

/** A message about a day's hours under "hours" (the form shows it below the week). */
function hoursErrors(
  errors: Record<string, string>,
  error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> },
): Record<string, string> {
  const day = error.issues.find((i) => i.path[0] === 'hours');
  return day ? { ...errors, hours: day.message } : errors;
}
