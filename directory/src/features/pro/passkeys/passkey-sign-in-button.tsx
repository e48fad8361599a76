/**
 * /pro/login's "Sign in with a passkey": shown only once the page is running in a browser that supports
 * WebAuthn (never in the server's HTML, so a browser without it never sees a button that cannot work). The
 * ceremony's code and @simplewebauthn/browser load on the first press, keeping the page's first JavaScript
 * small. A failure is said in plain words above the button, and the password form stays as it was.
 */
import { useState, useSyncExternalStore } from 'react';
import type { ProLoginResponse } from '@moveratlas/contracts';
import type { PasskeySignInOutcome } from './passkey-sign-in';
import { supportsPasskeys } from './passkey-words';

export const PASSKEY_CODE_NOT_LOADED =
  'We could not load what signing in with a passkey needs. Check your internet connection, then try again.';

/** Whether WebAuthn is there never changes while the page is open: nothing to subscribe to. */
const noSubscription = () => () => undefined;

export function PasskeySignInButton({
  onSignedIn,
  className = '',
}: {
  onSignedIn: (user: ProLoginResponse['user']) => void | Promise<void>;
  className?: string;
}) {
  // false in the server's HTML and while hydrating; the browser's own answer after.
  const supported = useSyncExternalStore(noSubscription, supportsPasskeys, () => false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!supported) return null;

  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    let outcome: PasskeySignInOutcome;
    try {
      const { signInWithPasskey } = await import('./passkey-sign-in');
      outcome = await signInWithPasskey();
    } catch {
      outcome = { ok: false, message: PASSKEY_CODE_NOT_LOADED };
    }
    setBusy(false);
    if (outcome.ok) await onSignedIn(outcome.user);
    else setFailure(outcome.message);
  };

  return (
    <div className={`space-y-3 ${className}`}>
      <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-900">
          {failure}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => void onClick()}
        disabled={busy}
        aria-busy={busy || undefined}
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-wait disabled:opacity-70"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="8" cy="8" r="4" />
          <path d="M2 21v-2a5 5 0 0 1 5-5h2M15 12a3 3 0 1 0 6 0 3 3 0 0 0-6 0M18 15v6l1.5-1.5M18 18h1.5" />
        </svg>
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
    </div>
  );
}
