/** The frame of every public page: skip link, header, the page as <main>, footer. */
import type { ReactNode } from 'react';
import { useSite } from '../../lib/site';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export const MAIN_CONTENT_ID = 'main-content';

export function PublicLayout({ children }: { children: ReactNode }) {
  const site = useSite();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <SiteHeader siteName={site.siteName} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter siteName={site.siteName} currentYear={site.currentYear} />
    </div>
  );
}
