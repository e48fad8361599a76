/** How the admin screens show a lead: its status and delivery badges, name, route and move size. */
import {
  LEAD_STATUS_LABELS,
  MOVE_SIZES,
  type LeadDeliveryState,
  type LeadStatus,
  type AdminLeadSummary,
} from '@moveratlas/contracts';
import { Badge, type BadgeTone } from '../../../components/dashboard/badge';

const STATUS_TONES: Record<LeadStatus, BadgeTone> = {
  new: 'info',
  contacted: 'warning',
  scheduled: 'violet',
  quoted: 'cyan',
  converted: 'success',
  lost: 'neutral',
};

export const DELIVERY_LABELS: Record<LeadDeliveryState, string> = {
  delivered: 'Delivered',
  pending: 'Pending',
  retrying: 'Retrying',
  failed: 'Failed',
  dead: 'Dead letter',
};

const DELIVERY_TONES: Record<LeadDeliveryState, BadgeTone> = {
  delivered: 'success',
  pending: 'neutral',
  retrying: 'warning',
  failed: 'danger',
  dead: 'alarm',
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{LEAD_STATUS_LABELS[status]}</Badge>;
}

export function DeliveryBadge({ delivery }: { delivery: LeadDeliveryState }) {
  return <Badge tone={DELIVERY_TONES[delivery]}>{DELIVERY_LABELS[delivery]}</Badge>;
}

const sizeLabels = new Map<string, string>(MOVE_SIZES.map((s) => [s.id, s.label]));

export const moveSizeLabel = (size: string | null): string =>
  size ? (sizeLabels.get(size) ?? size) : '—';

export const fullName = (lead: Pick<AdminLeadSummary, 'firstName' | 'lastName'>): string =>
  `${lead.firstName} ${lead.lastName}`.trim();

/** "Chicago, IL → Austin, TX" */
export const routeText = (lead: Pick<AdminLeadSummary, 'fromLocation' | 'toLocation'>): string =>
  `${lead.fromLocation || '—'} → ${lead.toLocation || '—'}`;
