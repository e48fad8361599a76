/**
 * What the four SEO Health screens share: their section links, severity and status badges, the score, the
 * rules' names and explanations, and starting a crawl (a job) with its notice.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  SEO_RULES,
  type ActiveScriptJob,
  type SeoCrawlStartedResponse,
  type SeoRuleId,
  type SeoSeverity,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { adminWrite } from '../admin-request';
import { linkClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { failureText } from '../../../components/dashboard/failure-text';
import { ProgressBar } from '../../../components/dashboard/progress-bar';
import { SectionTabs } from '../ui/section-tabs';

export const SEO_API = '/api/admin/seo-health';

const SECTIONS = [
  { to: '/admin/seo-health', label: 'Overview', end: true },
  { to: '/admin/seo-health/tasks', label: 'Tasks', end: false },
  { to: '/admin/seo-health/reports', label: 'Reports', end: false },
  { to: '/admin/seo-health/analyzer', label: 'Analyzer', end: false },
];

/** The SEO Health sections, as tabs that scroll sideways on a phone. */
export function SeoSectionNav() {
  return <SectionTabs label="SEO Health sections" sections={SECTIONS} />;
}

export const SEVERITY_LABELS: Record<SeoSeverity, string> = {
  error: 'Error',
  warning: 'Warning',
  notice: 'Notice',
};

const SEVERITY_STYLES: Record<SeoSeverity, string> = {
  error: 'bg-red-50 text-red-800 ring-red-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  notice: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function SeverityBadge({ severity }: { severity: SeoSeverity }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${SEVERITY_STYLES[severity]}`}
    >
      {SEVERITY_LABELS[severity]}
    </span>
  );
}

export const ruleTitle = (rule: SeoRuleId): string => SEO_RULES[rule]?.title ?? rule;
export const ruleExplanation = (rule: SeoRuleId): string => SEO_RULES[rule]?.explanation ?? '';

/** Green from 90, amber from 70, red below. */
export function scoreTone(score: number): string {
  if (score >= 90) return 'text-green-800';
  if (score >= 70) return 'text-amber-800';
  return 'text-red-800';
}

/**
 * A queued or running job: its progress and a link to its job page (log, cancel). `progress` overrides the
 * job's own figure when the screen has a truer one (a QA run's checks), so the words and the bar agree.
 */
export function ActiveJobNotice({
  job,
  what,
  progress = job.progress,
  valueText,
}: {
  job: ActiveScriptJob;
  what: string;
  progress?: number | null;
  valueText?: string;
}) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900"
    >
      <p>
        {what} is {job.status === 'queued' ? 'queued' : 'running'}
        {progress !== null ? ` (${progress}%)` : ''}.{' '}
        <Link to={`/admin/jobs/${job.id}`} className={linkClass}>
          Follow job {job.id}
        </Link>
      </p>
      <ProgressBar value={progress} label={`${what} progress`} valueText={valueText} size="small" />
    </div>
  );
}

/** The Run crawl button: queues the `seo-crawl` script, then points at its job. */
export function RunCrawlButton({
  disabled,
  pageLimit,
}: {
  disabled?: boolean;
  pageLimit?: number;
}) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () =>
      adminWrite<SeoCrawlStartedResponse>(
        'POST',
        `${SEO_API}/crawls`,
        pageLimit === undefined ? {} : { pageLimit },
      ),
    onSuccess: ({ jobId }) => {
      toast({
        title: `Crawl queued as job ${jobId}`,
        description: 'Its progress shows here; the job page has the full log.',
      });
      void queryClient.invalidateQueries({ queryKey: [`${SEO_API}/summary`] });
      void queryClient.invalidateQueries({ queryKey: [`${SEO_API}/crawls`] });
    },
    onError: (error) =>
      toast({
        title: 'Could not start the crawl',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
  return (
    <button
      type="button"
      className={primaryButtonClass}
      disabled={disabled || start.isPending}
      onClick={() => start.mutate()}
    >
      {start.isPending ? 'Starting…' : 'Run crawl'}
    </button>
  );
}
