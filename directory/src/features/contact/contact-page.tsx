/** /contact: a message to the MoverAtlas team, stored for the admin area (POST /api/contact). */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import {
  CONTACT_CONFIRMATION,
  CONTACT_MESSAGE_MAX,
  CONTACT_TOPICS,
  type ContactTopic,
} from '@moveratlas/contracts';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { CONTACT } from '../../config/site';
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

export interface ContactPageData extends FormOutcome {
  /** ?topic= chooses the topic, e.g. from the footer's "Advertise With Us". */
  topic: ContactTopic;
}

export function loader({ request }: LoaderFunctionArgs): ContactPageData {
  const requested = new URL(request.url).searchParams.get('topic');
  const topic = CONTACT_TOPICS.find((t) => t.id === requested)?.id ?? 'general';
  return { ...formOutcome(request), topic };
}

const CRUMBS: readonly Crumb[] = [
  { label: 'Home', to: '/' },
  { label: 'Contact Us', to: '/contact' },
];
const TITLE = 'Contact Us';
const KEYWORDS = [
  'contact MoverAtlas',
  'moving quote help',
  'moving company listing',
  'advertise with MoverAtlas',
];
const DESCRIPTION =
  'Questions about a quote request, a company listing or your data? Send the MoverAtlas team a message and we will reply within two business days.';
const loadContactSchema = () =>
  import('../../components/forms/form-schemas').then((m) => m.ContactMessageSchema);

/** The questions people most often write about, each with its answer and the topic to write under. */
const COMMON_QUESTIONS: ReadonlyArray<{ topic: ContactTopic; title: string; answer: string }> = [
  {
    topic: 'quotes',
    title: 'A quote you requested',
    answer:
      'The movers you chose contact you directly, usually within one business day. To change or withdraw a request, write under this topic with the confirmation number shown at the end of the quote form.',
  },
  {
    topic: 'company-listing',
    title: 'A listing that is wrong, or is yours',
    answer:
      'Tell us which company and what has changed: address, phone, services or license numbers. Owners can ask for corrections or removal, or apply to add a company we do not list yet.',
  },
  {
    topic: 'privacy',
    title: 'Your personal data',
    answer:
      'Ask for a copy of what we hold about you, a correction or its deletion. Movers you chose keep their own copies, so contact them as well.',
  },
  {
    topic: 'partnership',
    title: 'Putting our quote form on your website',
    answer:
      'Partners embed the free quote form with one script tag and see the requests that came from their pages. Ask us for a partner ID.',
  },
];

export function ContactView({
  sent,
  error,
  errorField = null,
  topic = 'general',
}: FormOutcome & { topic?: ContactTopic }) {
  const site = useSite();
  const { errors, confirmation, failure, sending, noValidate, onSubmit, onFocus } = usePublicForm(
    loadContactSchema,
    '/api/contact',
    { outcome: { sent, error, errorField }, sentMessage: CONTACT_CONFIRMATION },
  );

  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 pb-16 sm:px-6">
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={KEYWORDS}
        breadcrumbs={CRUMBS}
        // The page describes itself in jsonLd: no second, generic WebPage block.
        webPage={false}
        jsonLd={[
          webPageJsonLd(site, {
            title: TITLE,
            description: DESCRIPTION,
            path: '/contact',
            type: 'ContactPage',
          }),
        ]}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Contact Us
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">
        We are a directory, not a moving company: for questions about a move you booked, contact
        your mover directly. For everything about MoverAtlas, write to us here.
      </p>
      <div className="mt-10 grid gap-10 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div id="contact-form">
          {confirmation ? (
            <FormConfirmation title="Message sent" message={confirmation} />
          ) : (
            <form
              method="post"
              action="/api/contact"
              onSubmit={onSubmit}
              onFocus={onFocus}
              noValidate={noValidate}
              className="relative space-y-5"
              aria-label="Contact form"
            >
              <FormFailure failure={failure} />
              <TextField
                name="name"
                label="Your name"
                errors={errors}
                autoComplete="name"
                required
                minLength={2}
                maxLength={100}
              />
              <EmailField errors={errors} />
              <SelectField
                // A topic link below changes ?topic=: a new key shows the new choice in the select.
                key={topic}
                name="topic"
                label="Topic"
                errors={errors}
                // Not `required`: a topic is always chosen (HTML asks a required select for an empty first
                // option, which would only invite a wrong choice here).
                defaultValue={topic}
              >
                {CONTACT_TOPICS.map((topic) => (
                  <option key={topic.id} value={topic.id}>
                    {topic.label}
                  </option>
                ))}
              </SelectField>
              <TextAreaField
                name="message"
                label="Message"
                errors={errors}
                rows={6}
                required
                minLength={10}
                maxLength={CONTACT_MESSAGE_MAX}
              />
              <HoneypotField />
              <p className="text-xs text-slate-600">
                We use your details only to answer you; see our{' '}
                <Link to="/privacy-policy" className="underline">
                  Privacy Policy
                </Link>
                .
              </p>
              <SubmitButton sending={sending}>Send Message</SubmitButton>
            </form>
          )}
        </div>
        <aside className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-slate-700">
          <h2 className="text-lg font-semibold text-slate-900">Other ways to reach us</h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="font-medium text-slate-900">E-mail</dt>
              <dd>
                <a href={`mailto:${CONTACT.email}`} className="text-blue-800 underline">
                  {CONTACT.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-900">Phone</dt>
              <dd>
                <a href={CONTACT.phoneHref} className="text-blue-800 underline">
                  {CONTACT.phoneDisplay}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-900">Address</dt>
              <dd>
                {CONTACT.street}
                <br />
                {CONTACT.locality}, {CONTACT.region} {CONTACT.postalCode}
              </dd>
            </div>
          </dl>
          <p className="mt-6 text-sm">
            Run a moving company?{' '}
            <Link to="/list-your-company" className="font-semibold text-blue-800 underline">
              Apply to list it
            </Link>
            . Many answers are already in our{' '}
            <Link to="/faq" className="font-semibold text-blue-800 underline">
              FAQ
            </Link>
            .
          </p>
        </aside>
      </div>
      <section aria-labelledby="common-questions" className="mt-14">
        <h2 id="common-questions" className="text-2xl font-bold text-slate-900">
          Before you write
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {COMMON_QUESTIONS.map((question) => (
            <li key={question.topic} className="rounded-2xl border border-slate-200 p-6">
              <h3 className="text-lg font-semibold text-slate-900">{question.title}</h3>
              <p className="mt-2 text-slate-700">{question.answer}</p>
              <Link
                to={`/contact?topic=${question.topic}#contact-form`}
                // The visible text starts the name (WCAG label in name); the question completes it.
                aria-label={`Write to us about this: ${question.title.toLowerCase()}`}
                className="mt-3 inline-block font-semibold text-blue-800 underline"
              >
                Write to us about this
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function Component() {
  const outcome = useLoaderData<typeof loader>();
  return <ContactView {...outcome} />;
}
