/**
 * /pro/forgot-password: a mover asks for a password-reset link. The answer is the same whether or not an
 * account has that address (so the page tells nobody who has an account); the link works for 30 minutes.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../components/forms/fields';
import { FormBanner } from '../../components/forms/public-form';
import { PRO_ENDPOINTS, PRO_LOGIN } from './pro-paths';
import { postJson } from '../../lib/post-json';
import {
  ProSignInCard,
  proPrimaryButtonClass,
  proTextLinkClass,
  useHydrated,
} from './pro-sign-in-card';

export const RESET_LINK_SENT =
  'If an account exists for that address, we sent a link to it. The link works for 30 minutes; check your spam folder if it has not arrived in a few minutes.';

function ProForgotPasswordPage() {
  const hydrated = useHydrated();
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const field = event.currentTarget.elements.namedItem('email') as HTMLInputElement;
    const email = field.value.trim();
    setRefusal(null);
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      setError(
        email === ''
          ? 'Enter your e-mail address'
          : 'Enter an e-mail address like name@example.com',
      );
      field.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    const outcome = await postJson<unknown>(
      PRO_ENDPOINTS.forgotPassword,
      { email },
      'We could not send the link. Check the address and try again.',
    );
    setBusy(false);
    if (outcome.ok) setSent(true);
    else setRefusal(outcome.message);
  };

  return (
    <ProSignInCard
      title="Reset your password"
      description="Get a link to choose a new password for your company dashboard."
      footer={
        <p>
          <Link to={PRO_LOGIN} className={proTextLinkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      {sent ? (
        <FormBanner tone="success">{RESET_LINK_SENT}</FormBanner>
      ) : (
        <form
          method="post"
          noValidate
          aria-label="Reset your password"
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-5"
        >
          <p className="text-sm text-slate-700">
            Enter the e-mail address you sign in with. We will send you a link to choose a new
            password.
          </p>
          {refusal ? <FormBanner tone="error">{refusal}</FormBanner> : null}
          <TextField
            name="email"
            label="E-mail address"
            errors={error ? { email: error } : {}}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={254}
          />
          <button type="submit" disabled={busy || !hydrated} className={proPrimaryButtonClass}>
            {busy ? 'Sending…' : 'Send the link'}
          </button>
        </form>
      )}
    </ProSignInCard>
  );
}

export const Component = ProForgotPasswordPage;
