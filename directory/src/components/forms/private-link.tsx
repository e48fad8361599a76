/**
 * What the pages opened from a private e-mailed link share (/my-request, /write-review): the link's secret
 * rides in the fragment (`#t=…`), which the browser never sends anywhere, so the page reads it once it runs
 * and posts it to the API in a JSON body. The server's HTML is therefore the waiting state, and these pages
 * need JavaScript, which the waiting words say.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { postJson } from '../../lib/post-json';
import { FormBanner } from './public-form';

/** The secret in the address's fragment: null before the page runs, undefined when it is missing or cut. */
export function useFragmentToken(tokenFrom: (hash: string) => string | undefined) {
  const [token, setToken] = useState<string | undefined | null>(null);
  useEffect(() => {
    const read = () => setToken(tokenFrom(window.location.hash));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [tokenFrom]);
  return token;
}

export type LinkRead<T> =
  | { state: 'reading' }
  | { state: 'ready'; body: T }
  /** retry: the network or the server failed, so trying again may help; a refusal (4xx) will not change. */
  | { state: 'failed'; message: string; retry: boolean };

/** Reads what the link opens (POST `api` with the token), again on `retry`; `show` replaces what is shown. */
export function useLinkRead<T>(api: string, token: string, incomplete: string) {
  const [read, setRead] = useState<LinkRead<T>>({ state: 'reading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void postJson<T>(api, { token }, incomplete).then((outcome) => {
      if (!live) return;
      setRead(
        outcome.ok
          ? { state: 'ready', body: outcome.body }
          : {
              state: 'failed',
              message: outcome.message,
              retry: outcome.status === 0 || outcome.status >= 500,
            },
      );
    });
    return () => {
      live = false;
    };
  }, [api, token, incomplete, attempt]);
  return {
    read,
    show: (body: T) => setRead({ state: 'ready', body }),
    retry: () => {
      setRead({ state: 'reading' });
      setAttempt((n) => n + 1);
    },
  };
}

export function LinkWaiting({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-slate-700">
      {children}
    </p>
  );
}

/** A link that could not be read, in the server's words, with Try again when trying again may help. */
export function LinkProblem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <FormBanner tone="error">
      <p>{message}</p>
      {onRetry ? (
        <button
          type="button"
          className="mt-2 font-medium text-blue-700 underline hover:text-blue-900"
          onClick={onRetry}
        >
          Try again
        </button>
      ) : null}
    </FormBanner>
  );
}

/** The page's body by the fragment's state: waiting, the link cut, or `children(token)`. */
export function PrivateLinkBody({
  tokenFrom,
  waiting,
  incomplete,
  children,
}: {
  tokenFrom: (hash: string) => string | undefined;
  waiting: string;
  incomplete: string;
  children: (token: string) => ReactNode;
}) {
  const token = useFragmentToken(tokenFrom);
  if (token === null) return <LinkWaiting>{waiting} (this page needs JavaScript)</LinkWaiting>;
  if (token === undefined) return <LinkProblem message={incomplete} />;
  return children(token);
}
