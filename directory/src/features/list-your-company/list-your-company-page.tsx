/**
 * /list-your-company: movers apply to be listed. Applications are stored as pending
 * (POST /api/company-applications) and reviewed by our team before a listing goes live.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { APPLICATION_CONFIRMATION, SERVICES, US_STATES } from '@moveratlas/contracts';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { webPageJsonLd } from '../../lib/seo/content-structured-data';
import { Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import {
  EmailField,
  FormConfirmation,
  FormFailure,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../components/forms/fields';
import {
  formOutcome,
  HoneypotField,
  usePublicForm,
  type FormOutcome,
} from '../../components/forms/public-form';

export function loader({ request }: LoaderFunctionArgs): FormOutcome {
  return formOutcome(request);
}

const CRUMBS: readonly Crumb[] = [
  { label: 'Home', to: '/' },
  { label: 'List Your Company', to: '/list-your-company' },
];
const TITLE = 'List Your Moving Company';
const DESCRIPTION =
  'Apply to list your moving company on MoverAtlas: reach people planning local and long-distance moves in your area. Free to apply; every listing is reviewed.';
const loadApplicationSchema = () =>
  import('../../components/forms/form-schemas').then((m) => m.CompanyApplicationSchema);

const BENEFITS = [
  [
    'Be found where people compare',
    'Appear on your state and city pages and in directory search for the services you offer.',
  ],
  [
    'Quote requests from your area',
    'Visitors choose the movers that receive their request, so the leads you get asked for you.',
  ],
  [
    'A profile that builds trust',
    'Show your services, service area, registration numbers and customer reviews.',
  ],
] as const;

export function ListYourCompanyView({ sent, error, errorField = null }: FormOutcome) {
  const site = useSite();
  const { errors, confirmation, failure, sending, noValidate, onSubmit, onFocus } = usePublicForm(
    loadApplicationSchema,
    '/api/company-applications',
    {
      arrays: ['services'],
      outcome: { sent, error, errorField },
      sentMessage: APPLICATION_CONFIRMATION,
    },
  );

  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 pb-16 sm:px-6">
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={[
          'list moving company',
          'moving company directory listing',
          'moving leads',
          'advertise moving company',
        ]}
        breadcrumbs={CRUMBS}
        // The page describes itself in jsonLd: no second, generic WebPage block.
        webPage={false}
        jsonLd={[
          webPageJsonLd(site, {
            title: TITLE,
            description: DESCRIPTION,
            path: '/list-your-company',
          }),
        ]}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        List Your Moving Company
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">
        MoverAtlas helps people planning a move find and compare movers in all 50 states. Tell us
        about your company; we check every application, including USDOT and MC numbers for
        interstate movers, before a listing goes live.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {BENEFITS.map(([title, text]) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-slate-50 p-5">
            <h2 className="font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm text-slate-700">{text}</p>
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="claim-heading"
        className="mt-10 rounded-xl border border-blue-200 bg-blue-50 p-5"
      >
        <h2 id="claim-heading" className="text-lg font-bold text-slate-900">
          Already listed? Claim your listing
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          If your company is in the directory, find it, open its page and choose &ldquo;Claim this
          listing&rdquo;: a code sent to the listing&apos;s e-mail address makes it yours in a
          minute.
        </p>
        <form method="get" action="/search" role="search" className="mt-3 flex flex-wrap gap-2">
          <label htmlFor="claim-search" className="sr-only">
            Your company&apos;s name
          </label>
          <input
            id="claim-search"
            type="search"
            name="q"
            required
            maxLength={100}
            placeholder="Your company's name"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
          />
          <button
            type="submit"
            className="rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
          >
            Find my company
          </button>
        </form>
      </section>

      <section aria-labelledby="application-heading" className="mt-12" id="application">
        <h2 id="application-heading" className="text-2xl font-bold text-slate-900">
          Company application
        </h2>
        {confirmation ? (
          <div className="mt-6">
            <FormConfirmation title="Application received" message={confirmation} />
          </div>
        ) : (
          <form
            method="post"
            action="/api/company-applications"
            onSubmit={onSubmit}
            onFocus={onFocus}
            noValidate={noValidate}
            className="relative mt-6 grid gap-5 sm:grid-cols-2"
            aria-label="Company application"
          >
            {failure ? (
              <div className="sm:col-span-2">
                <FormFailure failure={failure} />
              </div>
            ) : null}
            <TextField
              name="companyName"
              label="Company name"
              errors={errors}
              autoComplete="organization"
              required
              minLength={2}
              maxLength={150}
            />
            <TextField
              name="contactName"
              label="Contact name"
              errors={errors}
              autoComplete="name"
              required
              minLength={2}
              maxLength={100}
            />
            <EmailField errors={errors} />
            <TextField
              name="phone"
              label="Phone"
              errors={errors}
              type="tel"
              autoComplete="tel"
              required
              maxLength={40}
            />
            <TextField
              name="website"
              label="Website (optional)"
              errors={errors}
              autoComplete="url"
              maxLength={300}
              placeholder="https://"
            />
            <div className="grid grid-cols-2 gap-4">
              <TextField
                name="usdotNumber"
                label="USDOT number"
                errors={errors}
                hint="Interstate movers"
                inputMode="numeric"
                maxLength={20}
              />
              <TextField
                name="mcNumber"
                label="MC number"
                errors={errors}
                hint="If you have one"
                maxLength={20}
              />
            </div>
            <SelectField name="state" label="State" errors={errors} required defaultValue="">
              <option value="" disabled>
                Choose a state
              </option>
              {US_STATES.map((state) => (
                <option key={state.abbreviation} value={state.abbreviation}>
                  {state.name}
                </option>
              ))}
            </SelectField>
            <TextField
              name="city"
              label="City"
              errors={errors}
              autoComplete="address-level2"
              required
              minLength={2}
              maxLength={100}
            />
            <fieldset
              className="sm:col-span-2"
              aria-describedby={errors.services ? 'field-services-error' : undefined}
            >
              <legend className="block text-sm font-medium text-slate-800">Services offered</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-3">
                {SERVICES.map((service) => (
                  <label
                    key={service.id}
                    className="flex items-center gap-2 text-sm text-slate-800"
                  >
                    <input type="checkbox" name="services" value={service.id} className="h-4 w-4" />
                    {service.name}
                  </label>
                ))}
              </div>
              {errors.services ? (
                <p id="field-services-error" className="mt-1 text-sm text-red-700">
                  {errors.services}
                </p>
              ) : null}
            </fieldset>
            <div className="sm:col-span-2">
              <TextAreaField
                name="message"
                label="Anything else we should know? (optional)"
                errors={errors}
                rows={4}
                maxLength={3000}
              />
            </div>
            <HoneypotField />
            <div className="sm:col-span-2">
              <p className="text-xs text-slate-600">
                By applying you confirm the details are accurate and agree to our{' '}
                <Link to="/terms-of-service" className="underline">
                  Terms of Service
                </Link>
                .
              </p>
              <SubmitButton sending={sending} className="mt-4">
                Submit Application
              </SubmitButton>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}

export function Component() {
  const outcome = useLoaderData<typeof loader>();
  return <ListYourCompanyView {...outcome} />;
}
