/**
 * How a lead reached the movers it named (issue 18): one line per mover and channel, with its status, the
 * attempts it took and its outcome in words. Staff see every mover (the admin lead page); a mover sees its own
 * (the /pro lead page). The badge is the one the Lead delivery screen's log uses.
 */
import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_STATUS_LABELS,
  type DeliveryStatus,
  type LeadDeliveryEntry,
} from '@moveratlas/contracts';
import { Badge, type BadgeTone } from './badge';
import { DateTime } from './date-time';

const STATUS_TONES: Record<DeliveryStatus, BadgeTone> = {
  queued: 'info',
  retrying: 'warning',
  delivered: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  skipped: 'neutral',
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{DELIVERY_STATUS_LABELS[status]}</Badge>;
}

export function LeadDeliveryList({
  entries,
  showCompany,
  empty,
}: {
  entries: readonly LeadDeliveryEntry[];
  showCompany: boolean;
  empty: string;
}) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {entries.map((entry) => (
        <li key={`${entry.companyId}-${entry.channel}`} className="py-2 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">
              {showCompany ? `${entry.companyName} · ` : ''}
              {DELIVERY_CHANNEL_LABELS[entry.channel]}
            </span>
            <DeliveryStatusBadge status={entry.status} />
            {entry.attempts > 1 ? (
              <span className="text-slate-600">{entry.attempts} attempts</span>
            ) : null}
          </div>
          {entry.detail ? <p className="mt-1 break-words text-slate-700">{entry.detail}</p> : null}
          {entry.deliveredAt ? (
            <p className="mt-1 text-xs text-slate-600">
              Delivered <DateTime iso={entry.deliveredAt} />
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
