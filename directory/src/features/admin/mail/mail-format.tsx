/** How the Mail screens name a message's status, and the badge that shows it. */
import type { MailStatus } from '@moveratlas/contracts';
import { Badge, type BadgeTone } from '../../../components/dashboard/badge';

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  sent: 'Sent',
  kept: 'Kept here',
  failed: 'Failed',
};

const TONES: Record<MailStatus, BadgeTone> = {
  queued: 'info',
  retrying: 'warning',
  sent: 'success',
  kept: 'cyan',
  failed: 'alarm',
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <Badge tone={TONES[status]}>{MAIL_STATUS_LABELS[status]}</Badge>;
}

/** What a template is, in words: the list shows which kind of message each one is. */
export const TEMPLATE_LABELS: Record<string, string> = {
  'admin-alert': 'Failure alert',
};

export const templateLabel = (template: string) => TEMPLATE_LABELS[template] ?? template;
