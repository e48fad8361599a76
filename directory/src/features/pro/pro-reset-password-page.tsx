/**
 * /pro/reset-password?token=…: the page of the e-mailed link. The mover types a new password twice; the
 * server judges its strength and the link (used, expired) and says what is wrong in words, shown here. On
 * success the mover is signed in and goes to /pro.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { TextField } from '../../components/forms/fields';
import { FormBanner } from '../../components/forms/public-form';
import { PRO_ENDPOINTS, PRO_FORGOT_PASSWORD, PRO_HOME, PRO_LOGIN } from './pro-paths';
import { postJson } from '../../lib/post-json';
import {
  ProSignInCard,
  proPrimaryButtonClass,
  proTextLinkClass,
  useHydrated,
} from './pro-sign-in-card';

export const PASSWORDS_DIFFER = 'The two passwords are not the same';

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const password = String(form.get('password') ?? '');
    const repeat = String(form.get('repeat') ?? '');
    const next: Record<string, string> = {};
    if (password === '') next.password = 'Enter a new password';
    else if (repeat !== password) next.repeat = PASSWORDS_DIFFER;
    setErrors(next);
    setRefusal(null);
    const first = ['password', 'repeat'].find((name) => next[name]);
    if (first) {
      (formElement.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    const outcome = await postJson<unknown>(
      PRO_ENDPOINTS.resetPassword,
      { token, password },
      'This link does not work any more. Ask for a new one.',
    );
    setBusy(false);
    if (outcome.ok) {
      await navigate(PRO_HOME, { replace: true });
      return;
    }
    setRefusal(outcome.message);
  };

  return (
    <form
      method="post"
      noValidate
      aria-label="Choose a new password"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
    >
      {refusal ? (
        <FormBanner tone="error">
          <p>{refusal}</p>
          <p className="mt-2">
            <Link to={PRO_FORGOT_PASSWORD} className={proTextLinkClass}>
              Ask for a new link
            </Link>
          </p>
        </FormBanner>
      ) : null}
      <TextField
        name="password"
        label="New password"
        hint="Use a long password you do not use anywhere else; a few unrelated words work well."
        errors={errors}
        type="password"
        autoComplete="new-password"
        required
        maxLength={256}
      />
      <TextField
        name="repeat"
        label="The new password again"
        errors={errors}
        type="password"
        autoComplete="new-password"
        required
        maxLength={256}
      />
      <button type="submit" disabled={busy || !hydrated} className={proPrimaryButtonClass}>
        {busy ? 'Saving…' : 'Save and sign in'}
      </button>
    </form>
  );
}

function ProResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  return (
    <ProSignInCard
      title="Choose a new password"
      description="Choose a new password for your company dashboard."
      footer={
        <p>
          <Link to={PRO_LOGIN} className={proTextLinkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      {token ? (
        <NewPasswordForm token={token} />
      ) : (
        <FormBanner tone="error">
          <p>This link is incomplete: open the link from the e-mail again, or ask for a new one.</p>
          <p className="mt-2">
            <Link to={PRO_FORGOT_PASSWORD} className={proTextLinkClass}>
              Ask for a new link
            </Link>
          </p>
        </FormBanner>
      )}
    </ProSignInCard>
  );
}

export const Component = ProResetPasswordPage;
