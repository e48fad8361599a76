/** How the Jobs and Scripts screens show a job: its status badge and its type. */
import type { JobStatus } from '@moveratlas/contracts';
import { Badge, type BadgeTone } from '../ui/badge';

export const STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  dead: 'Dead',
  cancelled: 'Cancelled',
};

const STATUS_TONES: Record<JobStatus, BadgeTone> = {
  queued: 'neutral',
  running: 'info',
  succeeded: 'success',
  failed: 'warning',
  dead: 'danger',
  cancelled: 'neutral',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** "script.rebuild-search-index" → "Script: rebuild-search-index"; other types as they are. */
export const jobTypeLabel = (type: string): string =>
  type.startsWith('script.') ? `Script: ${type.slice('script.'.length)}` : type;
