/**
 * The claim page's forms. Each validates with its contracts schema (loaded on demand, so zod stays out of
 * the page's first JavaScript), shows the messages beside the fields, and posts JSON; the server's refusal is
 * shown above the form in its own plain words.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import {
  CLAIM_CODE_DIGITS,
  CLAIM_CODE_TTL_MINUTES,
  CLAIM_DOCUMENT_ACCEPT,
  CLAIM_DOCUMENT_MAX_BYTES,
  CLAIM_ROLES,
  claimCodeApiPath,
  claimEvidenceApiPath,
  claimVerifyApiPath,
  fieldMessages,
  type ClaimCodeSent,
  type ClaimEvidenceReceived,
  type ClaimVerified,
} from '@moveratlas/contracts';
import {
  FormConfirmation,
  FormFailure,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../components/forms/fields';
import { Field, inputClass } from '../../components/forms/public-form';
import { apiRequest } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';

type SchemaName = 'ClaimCodeRequestSchema' | 'ClaimVerifySchema' | 'ClaimEvidenceFieldsSchema';
const loadSchema = (name: SchemaName): Promise<z.ZodType> =>
  import('../../components/forms/form-schemas').then((m) => m[name]);

const valuesOf = (form: HTMLFormElement): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
};

/** Validates with the named schema, then posts; answers the server's reply, or undefined when refused. */
function useClaimForm<T>(schema: SchemaName) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (
    values: Record<string, unknown>,
    path: string,
    extra: Record<string, unknown> = {},
    extraErrors: Record<string, string> = {},
  ): Promise<T | undefined> => {
    setFailure(null);
    const checker = await loadSchema(schema).catch(() => undefined);
    const parsed = checker?.safeParse(values);
    const found = {
      ...(parsed && !parsed.success ? fieldMessages(parsed.error) : {}),
      ...extraErrors,
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return undefined;
    setSending(true);
    try {
      return await apiRequest<T>(path, {
        method: 'POST',
        body: JSON.stringify({ ...values, ...extra }),
      });
    } catch (error) {
      setFailure(failureMessage(error));
      return undefined;
    } finally {
      setSending(false);
    }
  };
  return {
    errors,
    failure,
    sending,
    send,
    onFocus: () => void loadSchema(schema).catch(() => undefined),
  };
}

/** Claim by code: who you are → the code from the listing's mailbox and a password → signed in. */
export function CodeClaim({ slug, listingEmail }: { slug: string; listingEmail: string }) {
  const navigate = useNavigate();
  const ask = useClaimForm<ClaimCodeSent>('ClaimCodeRequestSchema');
  const verify = useClaimForm<ClaimVerified>('ClaimVerifySchema');
  const [claimant, setClaimant] = useState<{ name: string; email: string } | null>(null);
  const [sent, setSent] = useState<ClaimCodeSent | null>(null);

  const onAsk = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = valuesOf(event.currentTarget);
    const answer = await ask.send(values, claimCodeApiPath(slug));
    if (answer) {
      setClaimant({ name: values.name ?? '', email: values.email ?? '' });
      setSent(answer);
    }
  };
  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { ...valuesOf(event.currentTarget), email: claimant?.email ?? '' };
    const answer = await verify.send(values, claimVerifyApiPath(slug));
    if (answer) await navigate(answer.next);
  };

  if (!sent || !claimant)
    return (
      <form
        onSubmit={(event) => void onAsk(event)}
        onFocus={ask.onFocus}
        noValidate
        aria-label="Ask for a code"
        className="grid gap-5 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <FormFailure failure={ask.failure} />
        </div>
        <TextField
          name="name"
          label="Your name"
          errors={ask.errors}
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={claimant?.name}
        />
        <TextField
          name="email"
          label="Your e-mail address"
          errors={ask.errors}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={claimant?.email}
          hint="You will sign in with this address. The code does not go here."
        />
        <p className="text-sm text-slate-700 sm:col-span-2">
          We send a {CLAIM_CODE_DIGITS}-digit code to the e-mail address on the listing,{' '}
          <strong className="font-semibold text-slate-900">{listingEmail}</strong>, never to an
          address typed here: that is how we know the listing is yours.
        </p>
        <div className="sm:col-span-2">
          <SubmitButton sending={ask.sending}>Send the code to {listingEmail}</SubmitButton>
        </div>
      </form>
    );

  return (
    <form
      onSubmit={(event) => void onVerify(event)}
      onFocus={verify.onFocus}
      noValidate
      aria-label="Enter the code"
      className="grid gap-5 sm:grid-cols-2"
    >
      <p role="status" className="rounded-lg bg-green-50 p-4 text-sm text-green-900 sm:col-span-2">
        We sent a code to <strong className="font-semibold">{sent.sentTo}</strong>. It works once,
        for {sent.expiresInMinutes ?? CLAIM_CODE_TTL_MINUTES} minutes.
      </p>
      <div className="sm:col-span-2">
        <FormFailure failure={verify.failure} />
      </div>
      <TextField
        name="code"
        label="Code from the e-mail"
        errors={verify.errors}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={12}
      />
      <TextField
        name="password"
        label="Choose a password"
        errors={verify.errors}
        type="password"
        autoComplete="new-password"
        required
        maxLength={256}
        hint={`For your account ${claimant.email}: at least 12 characters, hard to guess. If you have an account already, enter its password.`}
      />
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <SubmitButton sending={verify.sending}>Claim the listing and sign in</SubmitButton>
        <button
          type="button"
          onClick={() => setSent(null)}
          className="text-sm font-medium text-blue-800 underline underline-offset-2"
        >
          Send a new code
        </button>
      </div>
    </form>
  );
}

/** The file's bytes, base64, for the JSON body. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Claim with evidence: for staff to check; the decision comes by e-mail. */
export function EvidenceClaim({ slug }: { slug: string }) {
  const form = useClaimForm<ClaimEvidenceReceived>('ClaimEvidenceFieldsSchema');
  const [received, setReceived] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const values = valuesOf(element);
    const file = (element.elements.namedItem('document') as HTMLInputElement | null)?.files?.[0];
    const fileError = !file
      ? 'Attach a document: a PDF or a photo'
      : file.size > CLAIM_DOCUMENT_MAX_BYTES
        ? 'The document is larger than 5 MB; attach a smaller file or a photo of it'
        : undefined;
    const document =
      file && !fileError ? { name: file.name, data: await base64Of(file) } : undefined;
    const answer = await form.send(
      values,
      claimEvidenceApiPath(slug),
      { document },
      fileError ? { document: fileError } : {},
    );
    if (answer) setReceived(answer.message);
  };

  if (received) return <FormConfirmation title="Claim received" message={received} />;
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onFocus={form.onFocus}
      noValidate
      aria-label="Claim with evidence"
      className="grid gap-5 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <FormFailure failure={form.failure} />
      </div>
      <TextField
        name="name"
        label="Your name"
        errors={form.errors}
        autoComplete="name"
        required
        maxLength={100}
      />
      <TextField
        name="email"
        label="Your e-mail address"
        errors={form.errors}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
      />
      <TextField
        name="phone"
        label="Phone number"
        errors={form.errors}
        type="tel"
        autoComplete="tel"
        required
        maxLength={40}
      />
      <SelectField
        name="role"
        label="Your role at the company"
        errors={form.errors}
        required
        defaultValue=""
      >
        <option value="" disabled>
          Choose…
        </option>
        {CLAIM_ROLES.map((role) => (
          <option key={role.id} value={role.id}>
            {role.label}
          </option>
        ))}
      </SelectField>
      <TextField
        name="usdotNumber"
        label="USDOT number"
        errors={form.errors}
        inputMode="numeric"
        required
        maxLength={20}
      />
      <Field
        name="document"
        label="Document (PDF or photo, up to 5 MB)"
        error={form.errors.document}
        hint="A business licence, insurance certificate or FMCSA registration in the company's name."
      >
        {(props) => (
          <input
            {...props}
            type="file"
            name="document"
            accept={CLAIM_DOCUMENT_ACCEPT}
            className={inputClass}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <TextAreaField
          name="message"
          label="Why is this listing yours?"
          errors={form.errors}
          required
          rows={4}
          maxLength={3000}
        />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton sending={form.sending}>Send the claim</SubmitButton>
      </div>
    </form>
  );
}
