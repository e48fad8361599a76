/**
 * The profile's activity beacons (docs/decisions/033): a view once per page view, after hydration, and a
 * click on Get Quote, the phone or the website. Fire and forget: nothing waits for them, nothing a visitor
 * sees depends on them, and a failure is dropped without a word.
 */
import { useEffect, useRef } from 'react';
import { profileActivityApiPath, type ProfileActivityKind } from '@moveratlas/contracts';

/** Reports one thing a visitor did on the profile of `slug`. Never throws, never blocks. */
export function reportProfileActivity(slug: string, kind: ProfileActivityKind): void {
  try {
    const url = profileActivityApiPath(slug);
    const body = JSON.stringify({ kind });
    // A string goes as text/plain (no preflight), and a beacon is sent even when the page is being left: a
    // click on the website link opens another page, one on the phone link may hand over to a dialler.
    if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, body)) return;
    // No beacon (or the browser would not queue it): fetch with keepalive, which also outlives the page.
    void fetch(url, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
    }).catch(() => undefined);
  } catch {
    // Counting a visit is never worth disturbing it.
  }
}

/**
 * One `view` per page view of a company's profile, sent from an effect (so never while rendering on the
 * server): once on hydration, and again when the visitor goes on to another profile in the browser. Moving
 * between the same profile's review pages is the same page view. The ref keeps React's StrictMode (which runs
 * effects twice in development) from counting twice.
 */
export function useProfileView(slug: string): void {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === slug) return;
    reported.current = slug;
    reportProfileActivity(slug, 'view');
  }, [slug]);
}
