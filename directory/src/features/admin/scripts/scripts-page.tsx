/**
 * Script Management (/admin/scripts): the maintenance scripts registered in the server's code, each with its
 * description and its last run — when, by whom, and how it ended — and a way to run or schedule it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { AdminScript, ScriptListResponse } from '@moveratlas/contracts';
import { JobStatusBadge } from '../jobs/job-ui';
import {
  buttonClass,
  cardClass,
  linkClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { Time } from '../../../components/dashboard/date-time';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';

export const SCRIPTS_PATH = '/api/admin/scripts';

function LastRun({ script }: { script: AdminScript }) {
  const last = script.lastRun;
  if (!last) return <p className="text-sm text-slate-600">Never run.</p>;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <span>Last run</span>
      <Link to={`/admin/jobs/${last.jobId}`} className={linkClass}>
        job {last.jobId}
      </Link>
      <JobStatusBadge status={last.status} />
      <span>
        <Time ms={last.finishedAt ?? last.createdAt} />
        {last.createdBy ? ` · ${last.createdBy}` : null}
      </span>
      {last.lastError && last.status !== 'succeeded' ? (
        <p className="w-full text-xs break-words text-red-800">{last.lastError}</p>
      ) : null}
    </div>
  );
}

export function Component() {
  const scripts = useQuery<ScriptListResponse>({
    queryKey: [SCRIPTS_PATH],
    staleTime: 0,
    // Runs started elsewhere (a schedule, another admin) show up while the page is open.
    refetchInterval: 10_000,
  });
  return (
    <section aria-labelledby="scripts-heading" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="scripts-heading" className="text-xl font-semibold text-slate-900">
            Scripts
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Maintenance tasks that run as jobs: run one now, or schedule it.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/scripts/run" className={primaryButtonClass}>
            Run a script
          </Link>
          <Link to="/admin/scripts/schedule" className={buttonClass}>
            Schedules
          </Link>
          <Link to="/admin/jobs" className={buttonClass}>
            Jobs
          </Link>
        </div>
      </div>
      {scripts.isPending ? (
        <Skeleton label="Loading scripts" />
      ) : scripts.isError ? (
        <LoadFailure
          what="the scripts"
          error={scripts.error}
          onRetry={() => void scripts.refetch()}
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {scripts.data.scripts.map((script) => (
            <li key={script.id} className={`${cardClass} flex flex-col gap-3`}>
              <div>
                <h3 className="text-base font-semibold text-slate-900">{script.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{script.description}</p>
              </div>
              <LastRun script={script} />
              <div className="mt-auto flex flex-wrap gap-2">
                <Link
                  to={`/admin/scripts/run/${script.id}`}
                  className={buttonClass}
                  aria-label={`Run ${script.title}`}
                >
                  Run
                </Link>
                <Link
                  to={`/admin/jobs?type=script.${script.id}`}
                  className={buttonClass}
                  aria-label={`Runs of ${script.title}`}
                >
                  Runs
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
