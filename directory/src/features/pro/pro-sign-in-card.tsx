/**
 * The frame of the movers' sign-in pages (/pro/login, /pro/forgot-password, /pro/reset-password): a card in
 * the public layout, kept out of search results, and the hook that keeps a form's button disabled until
 * the page's script runs (before that a submit would post the password nowhere useful).
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { Seo } from '../../lib/seo/seo';

const noSubscription = () => () => undefined;

/** False in the server's HTML and until hydration, true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export const proPrimaryButtonClass =
  'w-full rounded-lg bg-blue-700 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60';
export const proTextLinkClass = 'font-medium text-blue-700 underline hover:text-blue-900';

export function ProSignInCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  /** The page's meta description. */
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="pro-sign-in-heading"
      className="flex justify-center px-4 py-12 sm:py-20"
    >
      <Seo title={title} description={description} noindex />
      <div className="w-full max-w-md">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
            For moving companies
          </p>
          <h1
            id="pro-sign-in-heading"
            className="mt-1 text-2xl font-bold tracking-tight text-slate-900"
          >
            {title}
          </h1>
          <div className="mt-6">{children}</div>
        </div>
        {footer ? (
          <div className="mt-6 space-y-2 text-center text-sm text-slate-700">{footer}</div>
        ) : null}
      </div>
    </section>
  );
}
