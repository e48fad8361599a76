/** A mover's return of a lead as a badge: waiting for staff catches the eye, a decided one less. */
import {
  LEAD_RETURN_STATUS_LABELS,
  STAFF_LEAD_RETURN_STATUS_LABELS,
  type LeadReturnStatus,
} from '@moveratlas/contracts';
import { Badge, type BadgeTone } from './badge';

const TONES: Record<LeadReturnStatus, BadgeTone> = {
  requested: 'warning',
  accepted: 'success',
  refused: 'neutral',
};

/** `reader`: the mover reads "Waiting for our staff"; staff read "Waiting for a decision". */
export function LeadReturnStatusBadge({
  status,
  reader,
}: {
  status: LeadReturnStatus;
  reader: 'mover' | 'staff';
}) {
  const labels = reader === 'staff' ? STAFF_LEAD_RETURN_STATUS_LABELS : LEAD_RETURN_STATUS_LABELS;
  return <Badge tone={TONES[status]}>{labels[status]}</Badge>;
}
