/**
 * What the pages opened from a private e-mailed link share (/my-request, /write-review): the link's secret
 * rides in the fragment (`#t=…`), which the browser never sends anywhere, so the page reads it once it runs
 * and posts it to the API in a JSON body. The server's HTML is therefore the waiting state, and these pages
 * need JavaScript, which the waiting words say.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { postJson } from '../../lib/post-json';
import { Seo } from '../../lib/seo/seo';
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

/**
 * The whole page: its heading (also its title; never indexed), then by the fragment's state the waiting
 * words, the link found cut, or `children(token)`.
 */
export function PrivateLinkPage({
  heading,
  description,
  width,
  tokenFrom,
  waiting,
  incomplete,
  children,
}: {
  heading: string;
  description: string;
  /** The page's reading width: a form reads best narrower than a page of details. */
  width: 'form' | 'details';
  tokenFrom: (hash: string) => string | undefined;
  waiting: string;
  incomplete: string;
  children: (token: string) => ReactNode;
}) {
  const headingId = useId();
  const token = useFragmentToken(tokenFrom);
  return (
    <section
      aria-labelledby={headingId}
      className={`mx-auto ${width === 'form' ? 'max-w-2xl' : 'max-w-3xl'} px-4 py-10 sm:py-16`}
    >
      <Seo title={heading} description={description} noindex />
      <h1 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
        {heading}
      </h1>
      <div className={width === 'form' ? 'mt-4' : 'mt-6'}>
        {token === null ? (
          <LinkWaiting>{waiting} (this page needs JavaScript)</LinkWaiting>
        ) : token === undefined ? (
          <LinkProblem message={incomplete} />
        ) : (
          children(token)
        )}
      </div>
    </section>
  );
}
