/** How the mover's inbox shows a lead: its status badge, name, route, move size and day. */
import {
  COMPANY_LEAD_STATUS_LABELS,
  MOVE_SIZES,
  PRO_LEADS_PATH,
  proCompanyPath,
  type CompanyLeadStatus,
  type ProLeadSummary,
} from '@moveratlas/contracts';
import { Badge, type BadgeTone } from '../../../components/dashboard/badge';
import { formatDay } from '../../../components/dashboard/date-time';

const STATUS_TONES: Record<CompanyLeadStatus, BadgeTone> = {
  new: 'info',
  contacted: 'warning',
  quoted: 'cyan',
  booked: 'success',
  lost: 'neutral',
};

export function LeadStatusBadge({ status }: { status: CompanyLeadStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{COMPANY_LEAD_STATUS_LABELS[status]}</Badge>;
}

/**
 * The visitor withdrew consent for this company ("Stop this mover contacting me" on their request's page): the
 * one thing in the inbox a mover must not miss, so it sits beside the status everywhere the lead is shown.
 */
export function WithdrawnBadge({ at }: { at: string | null }) {
  return at ? <Badge tone="alarm">Consent withdrawn — do not contact</Badge> : null;
}

const sizeLabels = new Map<string, string>(MOVE_SIZES.map((s) => [s.id, s.label]));

export const moveSizeLabel = (size: string | null): string =>
  size ? (sizeLabels.get(size) ?? size) : 'Size not given';

export const moveDayText = (day: string | null): string =>
  day ? formatDay(day) : 'No moving date';

export const fullName = (lead: Pick<ProLeadSummary, 'firstName' | 'lastName'>): string =>
  `${lead.firstName} ${lead.lastName}`.trim();

/** "Chicago, IL → Austin, TX" */
export const routeText = (lead: Pick<ProLeadSummary, 'fromLocation' | 'toLocation'>): string =>
  `${lead.fromLocation || 'Not given'} → ${lead.toLocation || 'Not given'}`;

/** The API address of the company's leads, or of something below them (the list's query key, the export). */
export const leadsApi = (companyId: number, rest = ''): string =>
  proCompanyPath(companyId, `${PRO_LEADS_PATH}${rest}`);
