/**
 * The mover's Profile screen (/pro/companies/:companyId/profile, issue 17): the listing's description,
 * services, service area and radius, phone, website and opening hours, published when saved; the name, USDOT
 * and MC number, which staff check first (a notice says what is waiting, or why staff declined); and the
 * logo and photos. Each field's message is the shared schema's, in plain words.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  companyProfilePath,
  isStaleWriteBody,
  PRO_PROFILE_FIELD_LABELS,
  SERVICES,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type ChangeRequestFields,
  type ProChangeRequest,
  type ProProfile,
  type ServiceId,
  type Weekday,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import {
  buttonClass,
  inputClass,
  linkClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure, TextArea, TextInput } from '../../../components/dashboard/fields';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';
import { checkSave, formStateOf, type DayState, type ProfileFormState } from './profile-form-state';
import { LogoManager, PhotoManager } from './photo-manager';
import { profilePath, proWrite } from './profile-api';

const REVIEWED = ['name', 'usdot_number', 'mc_number'] as const;

const changeWords = (changes: ChangeRequestFields) =>
  REVIEWED.filter((f) => changes[f] !== undefined)
    .map((f) => {
      const value = changes[f];
      return `${PRO_PROFILE_FIELD_LABELS[f].replace(/^Company name$/, 'name')} to ${value === null || value === '' ? 'none' : `“${value}”`}`;
    })
    .join(', ');

function ReviewNotice({
  pending,
  lastDecided,
}: {
  pending: ProChangeRequest | null;
  lastDecided: ProChangeRequest | null;
}) {
  if (pending)
    return (
      <div
        role="status"
        className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      >
        <p className="font-semibold">Waiting for review</p>
        <p className="mt-1">
          You asked to change the {changeWords(pending.changes)} on{' '}
          <DateTime iso={pending.createdAt} />. Our staff check changes to the name, USDOT and MC
          number before they are published; until then your listing shows the current ones.
        </p>
      </div>
    );
  if (lastDecided?.status === 'declined')
    return (
      <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-950">
        <p className="font-semibold">Your change was declined</p>
        <p className="mt-1">
          Staff declined changing the {changeWords(lastDecided.changes)}
          {lastDecided.decisionNote ? `: ${lastDecided.decisionNote}` : '.'}
        </p>
      </div>
    );
  return null;
}

function DayRow({
  day,
  value,
  onChange,
}: {
  day: Weekday;
  value: DayState;
  onChange: (value: DayState) => void;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-[7rem_1fr] items-center gap-2 sm:grid-cols-[8rem_auto_1fr]">
      <label className="inline-flex min-h-10 items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={value.open}
          onChange={(event) => onChange({ ...value, open: event.target.checked })}
          className="h-4 w-4"
        />
        {WEEKDAY_NAMES[day]}
      </label>
      {value.open ? (
        <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1">
          <label htmlFor={`${id}-from`} className="sr-only">
            {WEEKDAY_NAMES[day]} opens at
          </label>
          <input
            id={`${id}-from`}
            type="time"
            value={value.from}
            onChange={(event) => onChange({ ...value, from: event.target.value })}
            className={`${inputClass} mt-0 w-32`}
          />
          <span aria-hidden="true">to</span>
          <label htmlFor={`${id}-to`} className="sr-only">
            {WEEKDAY_NAMES[day]} closes at
          </label>
          <input
            id={`${id}-to`}
            type="time"
            value={value.to}
            onChange={(event) => onChange({ ...value, to: event.target.value })}
            className={`${inputClass} mt-0 w-32`}
          />
        </div>
      ) : (
        <span className="text-sm text-slate-600">Closed</span>
      )}
    </div>
  );
}

function ProfileEditor({ profile }: { profile: ProProfile }) {
  const queryClient = useQueryClient();
  const path = profilePath(profile.companyId);
  const [loaded, setLoaded] = useState(() => formStateOf(profile));
  const [values, setValues] = useState(loaded);
  const [version, setVersion] = useState(profile.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<ProProfile | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(loaded);

  // Saved elsewhere (a picture, another tab) while nothing is typed here: show the new values (state
  // adjusted while rendering, as React advises for state that follows a prop).
  // A change that left the form's fields alone (a picture uploaded while typing) only moves the version on.
  if (profile.version !== version) {
    const next = formStateOf(profile);
    if (!dirty) {
      setLoaded(next);
      setValues(next);
      setVersion(profile.version);
    } else if (JSON.stringify(next) === JSON.stringify(loaded)) setVersion(profile.version);
  }

  const save = useMutation({
    mutationFn: (body: unknown) => proWrite<ProProfile>('PATCH', path, body),
    onSuccess: (saved, body) => {
      queryClient.setQueryData([path], saved);
      const next = formStateOf(saved);
      setLoaded(next);
      setValues(next);
      setVersion(saved.version);
      setStale(null);
      const asked = REVIEWED.some((f) => (body as Record<string, unknown>)[f] !== undefined);
      toast({
        title: 'Profile saved',
        description: asked
          ? 'Your other changes are live; the name, USDOT or MC number waits for our staff.'
          : 'Your public profile shows the changes now.',
      });
    },
    onError: (error) => {
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        isStaleWriteBody<ProProfile>(error.body)
      ) {
        setStale(error.body.current);
        setFailure(error.reason);
        return;
      }
      setFailure(failureText(error));
    },
  });

  const set = <K extends keyof ProfileFormState>(field: K, value: ProfileFormState[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkSave(values, loaded, version);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure('Some fields need another look: see the messages below them.');
      return;
    }
    setErrors({});
    save.mutate(checked.body);
  };

  const toggleService = (id: ServiceId, on: boolean) =>
    set(
      'services',
      on
        ? SERVICES.map((s) => s.id).filter((s) => s === id || values.services.includes(s))
        : values.services.filter((s) => s !== id),
    );

  const servicesLegend = useId();
  const hoursLegend = useId();

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label="Your listing">
      <ReviewNotice pending={profile.pendingChange} lastDecided={profile.lastDecidedChange} />

      <SectionCard
        id="identity"
        title="Name and registration"
        description="Staff check a change to these before it is published."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextInput
              label={PRO_PROFILE_FIELD_LABELS.name}
              value={values.name}
              error={errors.name}
              autoComplete="organization"
              onChange={(event) => set('name', event.target.value)}
            />
          </div>
          <TextInput
            label={PRO_PROFILE_FIELD_LABELS.usdot_number}
            value={values.usdot_number}
            error={errors.usdot_number}
            inputMode="numeric"
            onChange={(event) => set('usdot_number', event.target.value)}
          />
          <TextInput
            label={PRO_PROFILE_FIELD_LABELS.mc_number}
            value={values.mc_number}
            error={errors.mc_number}
            onChange={(event) => set('mc_number', event.target.value)}
          />
        </div>
      </SectionCard>

      <SectionCard
        id="about"
        title="About your company"
        description="Published as soon as you save."
      >
        <div className="space-y-4">
          <TextArea
            label={PRO_PROFILE_FIELD_LABELS.description}
            value={values.description}
            error={errors.description}
            rows={6}
            hint="What you move, where, and what makes your crew the one to hire. Up to 5,000 characters."
            onChange={(event) => set('description', event.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label={PRO_PROFILE_FIELD_LABELS.phone}
              type="tel"
              autoComplete="tel"
              value={values.phone}
              error={errors.phone}
              hint="A US number, such as (512) 555-0142."
              onChange={(event) => set('phone', event.target.value)}
            />
            <TextInput
              label={PRO_PROFILE_FIELD_LABELS.website}
              type="url"
              autoComplete="url"
              value={values.website}
              error={errors.website}
              hint="Such as https://example.com"
              onChange={(event) => set('website', event.target.value)}
            />
            <TextInput
              label={PRO_PROFILE_FIELD_LABELS.service_area}
              value={values.service_area}
              error={errors.service_area}
              hint="Such as “Austin and Central Texas”."
              onChange={(event) => set('service_area', event.target.value)}
            />
            <TextInput
              label={PRO_PROFILE_FIELD_LABELS.service_radius_miles}
              inputMode="numeric"
              value={values.service_radius_miles}
              error={errors.service_radius_miles}
              onChange={(event) => set('service_radius_miles', event.target.value)}
            />
          </div>
          <fieldset aria-labelledby={servicesLegend}>
            <legend id={servicesLegend} className="text-sm font-medium text-slate-800">
              {PRO_PROFILE_FIELD_LABELS.services}
            </legend>
            <div className="mt-2 grid gap-1 sm:grid-cols-2">
              {SERVICES.map((service) => (
                <label
                  key={service.id}
                  className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-800"
                >
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={values.services.includes(service.id)}
                    onChange={(event) => toggleService(service.id, event.target.checked)}
                  />
                  {service.name}
                </label>
              ))}
            </div>
            {errors.services ? (
              <p className="mt-1 text-sm text-red-700">{errors.services}</p>
            ) : null}
          </fieldset>
          <fieldset
            aria-labelledby={hoursLegend}
            aria-describedby={errors.hours ? `${hoursLegend}-error` : undefined}
          >
            <legend id={hoursLegend} className="text-sm font-medium text-slate-800">
              {PRO_PROFILE_FIELD_LABELS.hours}
            </legend>
            <div className="mt-2 space-y-1">
              {WEEKDAYS.map((day) => (
                <DayRow
                  key={day}
                  day={day}
                  value={values.hours[day]}
                  onChange={(value) => set('hours', { ...values.hours, [day]: value })}
                />
              ))}
            </div>
            {errors.hours ? (
              <p id={`${hoursLegend}-error`} className="mt-1 text-sm text-red-700">
                {errors.hours}
              </p>
            ) : null}
          </fieldset>
        </div>
      </SectionCard>

      <FormFailure message={failure} />
      {stale ? (
        <button
          type="button"
          className={buttonClass}
          onClick={() => {
            queryClient.setQueryData([path], stale);
            const next = formStateOf(stale);
            setLoaded(next);
            setValues(next);
            setVersion(stale.version);
            setStale(null);
            setFailure(null);
          }}
        >
          Load the saved profile (your unsaved changes are dropped)
        </button>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save profile'}
        </button>
        {dirty ? <span className="text-sm text-slate-600">You have unsaved changes.</span> : null}
      </div>
    </form>
  );
}

export function Component() {
  const { companyId = '' } = useParams();
  const id = /^\d+$/.test(companyId) ? Number(companyId) : null;
  const profile = useQuery<ProProfile>({
    queryKey: [profilePath(id ?? 0)],
    enabled: id !== null,
  });
  if (id === null)
    return (
      <p role="alert" className="text-red-800">
        There is no company {companyId}.
      </p>
    );
  if (profile.isError)
    return (
      <LoadFailure
        what="your profile"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  if (!profile.data) return <Skeleton label="Loading your profile…" />;
  const name = profile.data.values.name;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="text-sm text-slate-700">
          What people planning a move read about {name} in the directory.
        </p>
        <a
          href={companyProfilePath(profile.data.slug)}
          className={linkClass}
          target="_blank"
          rel="noreferrer"
        >
          View your public profile<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <ProfileEditor profile={profile.data} />
      <LogoManager profile={profile.data} companyName={name} />
      <PhotoManager profile={profile.data} companyName={name} />
    </div>
  );
}
