/** How the Jobs and Scripts screens show a job: its status badge, its type and the lead it works for. */
import { Link } from 'react-router-dom';
import { jobLeadId, type AdminJob, type JobStatus } from '@moveratlas/contracts';
import { Badge, type BadgeTone } from '../../../components/dashboard/badge';
import { linkClass } from '../../../components/dashboard/classes';

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

/** "For lead 42", linking to the lead's admin page, for a job that belongs to a lead; nothing otherwise. */
export function JobLeadLink({ job, className = '' }: { job: AdminJob; className?: string }) {
  const leadId = jobLeadId(job);
  if (leadId === null) return null;
  return (
    <div className={className}>
      For{' '}
      <Link to={`/admin/leads/${leadId}`} className={linkClass}>
        lead {leadId}
      </Link>
    </div>
  );
}
