/**
 * /pro/invitation?token=…: the page of an e-mailed invitation to a company's team. It says which company
 * and which address the invitation is for; a new person types their name and a password twice, someone who
 * already has an account types its password. The server judges all of it and says what is wrong in words,
 * shown here; on success the person is signed in and goes to the company's dashboard. A public page in the
 * site's JavaScript budget: no zod, no TanStack Query.
 */
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  OFFLINE_MESSAGE,
  PRO_ACCEPT_INVITATION_PATH,
  proInvitationPath,
  SERVER_TROUBLE_MESSAGE,
  type ProAcceptInvitationResponse,
  type ProInvitationInfo,
} from '@moveratlas/contracts';
import { TextField } from '../../../components/forms/fields';
import { FormBanner } from '../../../components/forms/public-form';
import { Seo } from '../../../lib/seo/seo';

export const PASSWORDS_DIFFER = 'The two passwords are not the same';
const INCOMPLETE = 'This link is incomplete: open the link from the e-mail again.';
const LOGIN = '/pro/login';

const buttonClass =
  'w-full rounded-lg bg-blue-700 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60';
const linkClass = 'font-medium text-blue-700 underline hover:text-blue-900';

const noSubscription = () => () => undefined;
/** False in the server's HTML and until hydration: the button waits for the script. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

type Outcome<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

async function call<T>(path: string, init: RequestInit, fallback: string): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    });
  } catch {
    return { ok: false, status: 0, message: OFFLINE_MESSAGE };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // The status decides.
  }
  if (response.ok) return { ok: true, body: body as T };
  if (response.status >= 500)
    return { ok: false, status: response.status, message: SERVER_TROUBLE_MESSAGE };
  const reason = (body as { error?: unknown } | null)?.error;
  return {
    ok: false,
    status: response.status,
    message: typeof reason === 'string' && reason !== '' ? reason : fallback,
  };
}

function AcceptForm({ token, info }: { token: string; info: ProInvitationInfo }) {
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
    const name = String(form.get('name') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const repeat = String(form.get('repeat') ?? '');
    const next: Record<string, string> = {};
    if (!info.hasAccount && name.length < 2) next.name = 'Enter your name';
    if (password === '')
      next.password = info.hasAccount ? 'Enter your password' : 'Choose a password';
    else if (!info.hasAccount && password.length < 12)
      next.password = 'Your password must be at least 12 characters';
    else if (!info.hasAccount && repeat !== password) next.repeat = PASSWORDS_DIFFER;
    setErrors(next);
    setRefusal(null);
    const first = ['name', 'password', 'repeat'].find((field) => next[field]);
    if (first) {
      (formElement.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    const outcome = await call<ProAcceptInvitationResponse>(
      PRO_ACCEPT_INVITATION_PATH,
      {
        method: 'POST',
        body: JSON.stringify(info.hasAccount ? { token, password } : { token, name, password }),
      },
      'This invitation could not be accepted.',
    );
    setBusy(false);
    if (outcome.ok) {
      await navigate(`/pro/companies/${outcome.body.companyId}`, { replace: true });
      return;
    }
    setRefusal(outcome.message);
  };

  return (
    <form
      method="post"
      noValidate
      aria-label="Accept the invitation"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
    >
      {refusal ? (
        <FormBanner tone="error">
          <p>{refusal}</p>
        </FormBanner>
      ) : null}
      {info.hasAccount ? (
        <>
          <p className="text-sm text-slate-700">
            You already have an account with {info.email}. Type its password to join{' '}
            {info.companyName}.
          </p>
          <TextField
            name="password"
            label="Your password"
            errors={errors}
            type="password"
            autoComplete="current-password"
            required
            maxLength={256}
          />
        </>
      ) : (
        <>
          <TextField
            name="name"
            label="Your name"
            errors={errors}
            autoComplete="name"
            required
            maxLength={120}
          />
          <TextField
            name="password"
            label="Choose a password"
            hint="At least 12 characters. Use a password you do not use anywhere else; a few unrelated words work well."
            errors={errors}
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
          />
          <TextField
            name="repeat"
            label="The password again"
            errors={errors}
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
          />
        </>
      )}
      <button type="submit" disabled={busy || !hydrated} className={buttonClass}>
        {busy ? 'Joining…' : `Join ${info.companyName}`}
      </button>
    </form>
  );
}

type Lookup =
  | { state: 'loading' }
  | { state: 'found'; info: ProInvitationInfo }
  | { state: 'failed'; message: string; retry: boolean };

function Invitation({ token }: { token: string }) {
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void call<ProInvitationInfo>(
      proInvitationPath(token),
      { method: 'GET' },
      'This invitation does not work any more.',
    ).then((outcome) => {
      if (!live) return;
      setLookup(
        outcome.ok
          ? { state: 'found', info: outcome.body }
          : { state: 'failed', message: outcome.message, retry: outcome.status !== 404 },
      );
    });
    return () => {
      live = false;
    };
  }, [token, attempt]);

  if (lookup.state === 'loading')
    return (
      <p role="status" className="text-sm text-slate-700">
        Loading the invitation…
      </p>
    );
  if (lookup.state === 'failed')
    return (
      <FormBanner tone="error">
        <p>{lookup.message}</p>
        {lookup.retry ? (
          <button
            type="button"
            className={`${linkClass} mt-2`}
            onClick={() => {
              setLookup({ state: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        ) : null}
      </FormBanner>
    );
  const { info } = lookup;
  return (
    <>
      <dl className="mb-6 space-y-2 rounded-lg bg-slate-50 p-4 text-sm">
        <div>
          <dt className="text-slate-600">Company</dt>
          <dd className="font-semibold text-slate-900">{info.companyName}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Your e-mail address</dt>
          <dd className="font-semibold break-all text-slate-900">{info.email}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Role</dt>
          <dd className="font-semibold text-slate-900">
            {info.role === 'owner' ? 'Owner' : 'Staff'}
          </dd>
        </div>
      </dl>
      <AcceptForm token={token} info={info} />
    </>
  );
}

function ProInvitationPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  return (
    <section
      aria-labelledby="pro-invitation-heading"
      className="flex justify-center px-4 py-12 sm:py-20"
    >
      <Seo
        title="Join your company's team"
        description="Accept an invitation to a moving company's dashboard."
        noindex
      />
      <div className="w-full max-w-md">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
            For moving companies
          </p>
          <h1
            id="pro-invitation-heading"
            className="mt-1 text-2xl font-bold tracking-tight text-slate-900"
          >
            Join your company&apos;s team
          </h1>
          <div className="mt-6">
            {/^[A-Za-z0-9_-]{43}$/.test(token) ? (
              <Invitation token={token} />
            ) : (
              <FormBanner tone="error">
                <p>{INCOMPLETE}</p>
              </FormBanner>
            )}
          </div>
        </div>
        <p className="mt-6 text-center text-sm text-slate-700">
          Already on the team?{' '}
          <Link to={LOGIN} className={linkClass}>
            Sign in
          </Link>
        </p>
      </div>
    </section>
  );
}

export const Component = ProInvitationPage;
