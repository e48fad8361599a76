/**
 * The banner across every admin page while something is failing (issue 16): each problem in a line — what,
 * since when, a link to the screen that fixes it — and a Dismiss button that hides it in this browser until
 * the problem changes. A polite live region, so a failure that appears while a screen is open is announced
 * without interrupting; nothing at all while all is well, or while the check itself cannot be read (the
 * screens say that for themselves).
 */
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { AdminAlert } from '@moveratlas/contracts';
import { AdminIcon } from '../admin-icons';
import { DateTime } from '../../../components/dashboard/date-time';
import { useAdminAlerts } from './use-admin-alerts';
import { useDismissedAlerts } from './dismissed-alerts';

export const ALERTS_BANNER_LABEL = 'Problems that need attention';

export function AlertsBanner({ mainId }: { mainId: string }) {
  const { data } = useAdminAlerts();
  const { isDismissed, dismiss } = useDismissedAlerts();
  const list = useRef<HTMLUListElement>(null);
  const alerts = data?.alerts ?? [];
  const visible = alerts.filter((alert) => !isDismissed(alert));

  /** Focus moves to the next problem's Dismiss button, or to the screen when it was the last one. */
  const onDismiss = (alert: AdminAlert) => {
    const index = visible.indexOf(alert);
    dismiss(alert, alerts);
    const next = visible[index + 1] ?? visible[index - 1];
    requestAnimationFrame(() => {
      const target = next
        ? list.current?.querySelector<HTMLElement>(`[data-alert-key="${CSS.escape(next.key)}"]`)
        : document.getElementById(mainId);
      target?.focus();
    });
  };

  return (
    // A live region without a role: a permanent role="status" would be one more status on every screen.
    <div aria-live="polite" className="px-4 pt-4 empty:hidden lg:px-8">
      {visible.length > 0 ? (
        <section
          aria-label={ALERTS_BANNER_LABEL}
          className="rounded-xl border border-red-300 bg-red-50 p-3 text-red-950 shadow-sm sm:p-4"
        >
          <ul ref={list} className="divide-y divide-red-200">
            {visible.map((alert) => (
              <li
                key={alert.key}
                className="flex flex-col gap-2 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-start"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">{alert.title}</p>
                  <p className="mt-0.5 text-sm break-words">{alert.detail}</p>
                  <p className="mt-1 text-sm">
                    <span className="text-red-900">
                      Since <DateTime iso={alert.since} />
                    </span>{' '}
                    ·{' '}
                    <Link
                      to={alert.link}
                      className="font-semibold text-red-900 underline hover:text-red-950"
                    >
                      {alert.linkLabel}
                    </Link>
                  </p>
                </div>
                <button
                  type="button"
                  data-alert-key={alert.key}
                  onClick={() => onDismiss(alert)}
                  aria-label={`Dismiss: ${alert.title}`}
                  className="inline-flex min-h-10 shrink-0 items-center gap-1 self-start rounded-lg border border-red-300 bg-white px-3 py-2 text-sm font-medium text-red-900 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                >
                  <AdminIcon name="close" className="h-4 w-4" />
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
