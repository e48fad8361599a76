/**
 * /pro/login: a moving company's people sign in with their e-mail address and password (issue 17), apart
 * from the staff's /login. A refusal is said in plain words beside the form (a wrong password, too many
 * attempts); success goes on to `?next=` when it is a page of the /pro area, else to /pro. Links lead to the
 * password reset and, for a company without an account, to claiming its listing or applying to be listed.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { TextField } from '../../components/forms/fields';
import { FormBanner } from '../../components/forms/public-form';
import type { ProAuthStatus } from '@moveratlas/contracts';
import { PasskeySignInButton } from './passkeys/passkey-sign-in-button';
import {
  CLAIM_LISTING_PATH,
  LIST_YOUR_COMPANY_PATH,
  PRO_ENDPOINTS,
  PRO_FORGOT_PASSWORD,
  PRO_HOME,
  proReturnPath,
} from './pro-paths';
import { postJson } from '../../lib/post-json';
import {
  ProSignInCard,
  proPrimaryButtonClass,
  proTextLinkClass,
  useHydrated,
} from './pro-sign-in-card';

/**
 * contracts' PRO_INVALID_CREDENTIALS, said when the server's refusal has no words of its own. Written out
 * here: contracts/src/pro-auth.ts builds its zod schemas when loaded, and importing anything from it would
 * bring zod into this public page's first JavaScript (bench:bundle; a test keeps the two the same).
 */
export const WRONG_CREDENTIALS = 'Wrong e-mail address or password';

export const PRO_SESSION_EXPIRED_NOTE =
  'Your session ended, so you were signed out. Sign in again to go back to the page you were on.';

/** What is missing before anything is sent, in words; empty when the form may go. */
function missing(email: string, password: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (email === '') errors.email = 'Enter your e-mail address';
  else if (!/^[^\s@]+@[^\s@]+$/.test(email))
    errors.email = 'Enter an e-mail address like name@example.com';
  if (password === '') errors.password = 'Enter your password';
  return errors;
}

/** Already signed in: straight on to where the mover was going. */
function useSignedInRedirect(returnTo: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const controller = new AbortController();
    fetch(PRO_ENDPOINTS.status, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    })
      .then((response) => (response.ok ? (response.json() as Promise<ProAuthStatus>) : undefined))
      .then((status) => {
        if (status?.isAuthenticated) void navigate(returnTo, { replace: true });
      })
      .catch(() => {
        // Unknown: the form stays, and signing in works as ever.
      });
    return () => controller.abort();
  }, [navigate, returnTo]);
}

function ProLoginForm({ returnTo }: { returnTo: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useSignedInRedirect(returnTo);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const fieldErrors = missing(email, password);
    setErrors(fieldErrors);
    setRefusal(null);
    const first = ['email', 'password'].find((name) => fieldErrors[name]);
    if (first) {
      (formElement.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    const outcome = await postJson<unknown>(
      PRO_ENDPOINTS.login,
      { email, password },
      WRONG_CREDENTIALS,
    );
    setBusy(false);
    if (outcome.ok) {
      await navigate(returnTo);
      return;
    }
    setRefusal(outcome.message);
  };

  return (
    <form
      method="post"
      noValidate
      aria-label="Sign in"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
    >
      {refusal ? <FormBanner tone="error">{refusal}</FormBanner> : null}
      <TextField
        name="email"
        label="E-mail address"
        errors={errors}
        type="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={254}
      />
      <TextField
        name="password"
        label="Password"
        errors={errors}
        type="password"
        autoComplete="current-password"
        required
        maxLength={256}
      />
      <button type="submit" disabled={busy || !hydrated} className={proPrimaryButtonClass}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="text-center text-sm">
        <Link to={PRO_FORGOT_PASSWORD} className={proTextLinkClass}>
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}

function ProLoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = proReturnPath(search.get('next')) ?? PRO_HOME;
  const expired = search.get('reason') === 'expired';
  return (
    <ProSignInCard
      title="Sign in to your company dashboard"
      description="Moving companies listed in the directory sign in to manage their listing, leads and reviews."
      footer={
        <>
          <p>
            No account yet?{' '}
            <Link to={CLAIM_LISTING_PATH} className={proTextLinkClass}>
              Find your company and claim its listing
            </Link>
            .
          </p>
          <p>
            Not listed?{' '}
            <Link to={LIST_YOUR_COMPANY_PATH} className={proTextLinkClass}>
              Apply to list your company
            </Link>
            .
          </p>
        </>
      }
    >
      {expired ? (
        <p
          role="status"
          className="mb-5 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {PRO_SESSION_EXPIRED_NOTE}
        </p>
      ) : null}
      <ProLoginForm returnTo={returnTo} />
      <PasskeySignInButton className="mt-5" onSignedIn={() => navigate(returnTo)} />
    </ProSignInCard>
  );
}

export const Component = ProLoginPage;
