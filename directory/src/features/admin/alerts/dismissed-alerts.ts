/**
 * Which alerts this browser dismissed, each with the fingerprint it had then: a dismissed problem stays
 * hidden until it changes (another dead letter, a new failure), then shows again. Kept in localStorage, per
 * browser: dismissing is one admin's "I have seen it", not a fix.
 */
import { useCallback, useState } from 'react';
import type { AdminAlert } from '@moveratlas/contracts';

const STORAGE_KEY = 'moveratlas.admin.dismissed-alerts';

type Dismissed = Record<string, string>;

function read(): Dismissed {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    // Storage unavailable (private mode) or not JSON: nothing is dismissed.
    return {};
  }
}

export function useDismissedAlerts() {
  const [dismissed, setDismissed] = useState<Dismissed>(() =>
    typeof window === 'undefined' ? {} : read(),
  );
  const isDismissed = useCallback(
    (alert: AdminAlert) => dismissed[alert.key] === alert.fingerprint,
    [dismissed],
  );
  /** Hides `alert` until it changes; forgets problems no longer in `current`, so the list never grows. */
  const dismiss = useCallback((alert: AdminAlert, current: readonly AdminAlert[]) => {
    setDismissed((before) => {
      const keys = new Set(current.map((a) => a.key));
      const next: Dismissed = Object.fromEntries(
        Object.entries(before).filter(([key]) => keys.has(key)),
      );
      next[alert.key] = alert.fingerprint;
      try {
        window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Not kept across reloads, still hidden for now.
      }
      return next;
    });
  }, []);
  return { isDismissed, dismiss };
}
