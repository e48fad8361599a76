/**
 * The company form (new company, edit, approve an application): the fields of the companies schema that the
 * CSV import also validates with (CompanyInputSchema), checked here first so a message shows beside its field,
 * and again by the server. Field names are the schema's (and the CSV template's) column names.
 */
import { useId, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import {
  CompanyInputSchema,
  fieldMessages,
  SERVICES,
  US_STATES,
  type CompanyValues,
} from '@moveratlas/contracts';
import { cardClass, inputClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { Field, FormFailure } from '../../../components/dashboard/fields';

/** The form's state: text as typed, the services chosen, the two flags. */
export interface CompanyFormState {
  slug: string;
  name: string;
  description: string;
  website: string;
  phone: string;
  email: string;
  logo: string;
  photo_urls: string;
  street: string;
  city: string;
  state: string;
  zip_code: string;
  lat: string;
  lng: string;
  usdot_number: string;
  mc_number: string;
  founded_year: string;
  service_area: string;
  service_radius_miles: string;
  services: string[];
  is_featured: boolean;
  is_in_list: boolean;
}

export const EMPTY_COMPANY: CompanyFormState = {
  slug: '',
  name: '',
  description: '',
  website: '',
  phone: '',
  email: '',
  logo: '',
  photo_urls: '',
  street: '',
  city: '',
  state: '',
  zip_code: '',
  lat: '',
  lng: '',
  usdot_number: '',
  mc_number: '',
  founded_year: '',
  service_area: '',
  service_radius_miles: '',
  services: [],
  is_featured: false,
  is_in_list: true,
};

const text = (v: string | number | null) => (v === null ? '' : String(v));

export function formStateOf(values: CompanyValues): CompanyFormState {
  return {
    slug: values.slug,
    name: values.name,
    description: text(values.description),
    website: text(values.website),
    phone: text(values.phone),
    email: text(values.email),
    logo: text(values.logo),
    photo_urls: values.photo_urls.join('\n'),
    street: text(values.street),
    city: values.city,
    state: values.state,
    zip_code: text(values.zip_code),
    lat: text(values.lat),
    lng: text(values.lng),
    usdot_number: text(values.usdot_number),
    mc_number: text(values.mc_number),
    founded_year: text(values.founded_year),
    service_area: text(values.service_area),
    service_radius_miles: text(values.service_radius_miles),
    services: values.services,
    is_featured: values.is_featured,
    is_in_list: values.is_in_list,
  };
}

/** The request body: every field, blank ones as empty text (cleared), the slug left out when blank. */
export function bodyOf(state: CompanyFormState): Record<string, unknown> {
  const { slug, ...rest } = state;
  return slug.trim() === '' ? { ...rest } : { ...state };
}

type TextKey = Exclude<keyof CompanyFormState, 'services' | 'is_featured' | 'is_in_list'>;

/**
 * The form's values belong to the page (useFormDraft keeps them as a draft and a merge replaces them);
 * the form draws them and checks them before `onSubmit`.
 */
export function CompanyForm({
  values: state,
  onChange: setState,
  submitLabel,
  pending,
  failure,
  onSubmit,
  slugHint,
}: {
  values: CompanyFormState;
  onChange: Dispatch<SetStateAction<CompanyFormState>>;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal, shown above the button. */
  failure: string | null;
  onSubmit: (body: Record<string, unknown>) => void;
  slugHint: string;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const servicesId = useId();
  const set = <K extends keyof CompanyFormState>(key: K, value: CompanyFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  const input = (
    key: TextKey,
    label: string,
    options: {
      hint?: string;
      type?: string;
      inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'url';
      required?: boolean;
      wide?: boolean;
      autoComplete?: string;
    } = {},
  ) => (
    <Field
      name={key}
      label={label}
      hint={options.hint}
      error={errors[key]}
      className={options.wide ? 'sm:col-span-2' : undefined}
    >
      {(props) => (
        <input
          {...props}
          name={key}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          required={options.required}
          autoComplete={options.autoComplete ?? 'off'}
          value={state[key]}
          onChange={(event) => set(key, event.target.value)}
          className={inputClass}
        />
      )}
    </Field>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A second click (or Enter) while the first save runs sends nothing.
    if (pending) return;
    const body = bodyOf(state);
    const parsed = CompanyInputSchema.safeParse(body);
    if (!parsed.success) {
      const messages = fieldMessages(parsed.error);
      setErrors(messages);
      // Take the keyboard to the first field that needs attention.
      const first = Object.keys(messages)[0];
      document
        .querySelector<HTMLElement>(
          `[data-field="${first}"] input, [data-field="${first}"] select, [data-field="${first}"] textarea`,
        )
        ?.focus();
      return;
    }
    setErrors({});
    onSubmit(body);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Company" className="space-y-6">
      <fieldset className={cardClass}>
        <legend className="px-1 text-base font-semibold text-slate-900">Company</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {input('name', 'Name', { required: true, wide: true })}
          {input('slug', 'Slug (web address)', { hint: slugHint })}
          {input('usdot_number', 'USDOT number', { inputMode: 'numeric' })}
          {input('mc_number', 'MC number', { hint: 'Stored as MC-123456.' })}
          {input('founded_year', 'Founded (year)', { inputMode: 'numeric' })}
          <Field
            name="description"
            label="Description"
            error={errors.description}
            className="sm:col-span-2"
          >
            {(props) => (
              <textarea
                {...props}
                name="description"
                rows={4}
                value={state.description}
                onChange={(event) => set('description', event.target.value)}
                className={inputClass}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className={cardClass}>
        <legend className="px-1 text-base font-semibold text-slate-900">
          Contact and location
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {input('phone', 'Phone', { type: 'tel', inputMode: 'tel' })}
          {input('email', 'E-mail', { type: 'email', inputMode: 'email' })}
          {input('website', 'Website', { inputMode: 'url', wide: true })}
          {input('street', 'Street address', { wide: true })}
          {input('city', 'City', {
            required: true,
            hint: 'A city of the state, as the directory names it.',
          })}
          <Field name="state" label="State" error={errors.state}>
            {(props) => (
              <select
                {...props}
                name="state"
                required
                value={state.state}
                onChange={(event) => set('state', event.target.value)}
                className={inputClass}
              >
                <option value="">Choose a state</option>
                {US_STATES.map((s) => (
                  <option key={s.abbreviation} value={s.abbreviation}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {input('zip_code', 'ZIP code', { inputMode: 'numeric' })}
          {input('service_radius_miles', 'Service radius (miles)', { inputMode: 'numeric' })}
          {input('lat', 'Latitude', {
            inputMode: 'decimal',
            hint: 'Leave both blank to use the ZIP code or city.',
          })}
          {input('lng', 'Longitude', { inputMode: 'decimal' })}
          {input('service_area', 'Service area', { wide: true })}
        </div>
      </fieldset>

      <fieldset
        aria-describedby={errors.services ? `${servicesId}-error` : undefined}
        className={cardClass}
        data-field="services"
      >
        <legend className="px-1 text-base font-semibold text-slate-900">Services</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {SERVICES.map((service) => (
            <label
              key={service.id}
              className="flex min-h-10 items-center gap-2 text-sm text-slate-800"
            >
              <input
                type="checkbox"
                name="services"
                value={service.id}
                checked={state.services.includes(service.id)}
                onChange={(event) =>
                  set(
                    'services',
                    event.target.checked
                      ? SERVICES.map((s) => s.id).filter(
                          (id) => id === service.id || state.services.includes(id),
                        )
                      : state.services.filter((id) => id !== service.id),
                  )
                }
                className="h-4 w-4 rounded border-slate-300"
              />
              {service.name}
            </label>
          ))}
        </div>
        {errors.services ? (
          <p id={`${servicesId}-error`} className="mt-2 text-sm text-red-700">
            {errors.services}
          </p>
        ) : null}
      </fieldset>

      <fieldset className={cardClass}>
        <legend className="px-1 text-base font-semibold text-slate-900">Pictures</legend>
        <div className="grid gap-4">
          {input('logo', 'Logo address', {
            hint: 'An image: an https:// address ending .svg, .png, .jpg, .webp, .avif or .gif, or a path on this site such as /images/logos/1.svg.',
          })}
          <Field
            name="photo_urls"
            label="Photo addresses"
            hint="One per line, up to 12."
            error={errors.photo_urls}
          >
            {(props) => (
              <textarea
                {...props}
                name="photo_urls"
                rows={3}
                value={state.photo_urls}
                onChange={(event) => set('photo_urls', event.target.value)}
                className={inputClass}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className={cardClass}>
        <legend className="px-1 text-base font-semibold text-slate-900">In the directory</legend>
        <div className="space-y-2">
          <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="is_in_list"
              checked={state.is_in_list}
              onChange={(event) => set('is_in_list', event.target.checked)}
              className="h-4 w-4 rounded border-slate-300"
            />
            Listed: shown on the directory&apos;s pages and in search
          </label>
          <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="is_featured"
              checked={state.is_featured}
              onChange={(event) => set('is_featured', event.target.checked)}
              className="h-4 w-4 rounded border-slate-300"
            />
            Featured: shown first and on the home page
          </label>
        </div>
      </fieldset>

      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          Check the highlighted fields.
        </p>
      ) : null}
      <FormFailure message={failure} />
      <button type="submit" disabled={pending} className={primaryButtonClass}>
        {pending ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
