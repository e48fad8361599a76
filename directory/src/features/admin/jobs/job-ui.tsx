/** How the Jobs and Scripts screens show a job: its status badge and its type. */
import type { JobStatus } from '@moveratlas/contracts';
import { Badge, type BadgeTone } from '../ui/badge';

// The SEO Health and QA screens import these shared pieces from here; they can import them from ../ui.
export { buttonClass, cardClass, inputClass, linkClass, primaryButtonClass } from '../ui/classes';
export { formatDuration, Time } from '../ui/date-time';
export { failureText } from '../ui/failure-text';
export { LoadFailure, Skeleton } from '../ui/load-states';
export { ProgressBar } from '../ui/progress-bar';

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
