/** How the admin screens show a contact message: its status badge, its topic in words, and the unread count. */
import { useQuery } from '@tanstack/react-query';
import {
  ADMIN_API,
  CONTACT_TOPICS,
  type AdminContactMessageSummaryCounts,
  type ContactMessageStatus,
} from '@moveratlas/contracts';
import { Badge, type BadgeTone } from '../../../components/dashboard/badge';

export const MESSAGE_STATUS_LABELS: Record<ContactMessageStatus, string> = {
  new: 'New',
  open: 'Open',
  replied: 'Replied',
  closed: 'Closed',
};

const STATUS_TONES: Record<ContactMessageStatus, BadgeTone> = {
  new: 'info',
  open: 'warning',
  replied: 'cyan',
  closed: 'neutral',
};

export function MessageStatusBadge({ status }: { status: ContactMessageStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{MESSAGE_STATUS_LABELS[status]}</Badge>;
}

const topicLabels = new Map<string, string>(CONTACT_TOPICS.map((t) => [t.id, t.label]));

/** The topic as the visitor chose it on /contact; an id we no longer offer is shown as it is. */
export const topicLabel = (topic: string): string => topicLabels.get(topic) ?? topic;

/**
 * How many messages nobody has opened: the dashboard's figure (the sidebar counts them with the rest of the
 * waiting work, use-waiting-counts.ts). Refreshed every minute while the dashboard is in view; undefined until
 * known or when it cannot be had — the figure is a hint, and its failure must not disturb the screen around it.
 */
export function useNewMessageCount(): number | undefined {
  const query = useQuery<AdminContactMessageSummaryCounts>({
    queryKey: [ADMIN_API.contactMessageCounts],
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: false,
  });
  const count = query.data?.new;
  return typeof count === 'number' ? count : undefined;
}
