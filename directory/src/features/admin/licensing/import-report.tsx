/**
 * One FMCSA import as staff follow it: its status in words, a progress bar while it runs, the figures (rows
 * read, rejected, written, companies matched), why it was refused or stopped, and its rejected rows by line
 * with the reason, a page at a time.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  LICENSING_IMPORT_ENDED,
  LICENSING_IMPORT_STATUS_TEXT,
  licensingDay,
  type LicensingImportView,
  type LicensingRejectionPage,
} from '@moveratlas/contracts';
import { apiRequest } from '../../../lib/api-client';
import { formatCount } from '../../../lib/numbers';
import { Badge, type BadgeTone } from '../../../components/dashboard/badge';
import { buttonClass, cardClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure } from '../../../components/dashboard/fields';
import { ProgressBar } from '../../../components/dashboard/progress-bar';
import { importPath } from './licensing-api';

export const STATUS_TONES: Record<LicensingImportView['status'], BadgeTone> = {
  queued: 'neutral',
  checking: 'info',
  applying: 'info',
  matching: 'info',
  succeeded: 'success',
  refused: 'danger',
  failed: 'danger',
};

export function ImportStatus({ status }: { status: LicensingImportView['status'] }) {
  return <Badge tone={STATUS_TONES[status]}>{LICENSING_IMPORT_STATUS_TEXT[status]}</Badge>;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const DATE_SOURCES: Record<string, string> = {
  stated: 'as stated at upload',
  'file name': 'read from the file name',
  upload: 'the day it was uploaded',
};

function Figure({
  label,
  value,
  tone = 'text-slate-900',
}: {
  label: string;
  value: number;
  tone?: string;
}) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={`text-2xl font-bold ${tone}`}>{formatCount(value)}</dd>
    </div>
  );
}

/** What the job is doing now, beside its bar. */
function stepText(view: LicensingImportView): string {
  switch (view.status) {
    case 'checking':
      return `Checking every row before anything is written: ${formatCount(view.rows.read)} read so far`;
    case 'applying':
      return `Writing what changed: ${formatCount(view.rows.applied + view.rows.unchanged)} rows done`;
    case 'matching':
      return 'Matching our companies by USDOT number, then MC number';
    default:
      return 'Waiting for the job to start';
  }
}

function RejectedRowsTable({ rows }: { rows: LicensingImportView['rejected'] }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Rejected rows, by line</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-1 font-semibold">
              Line
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              Why it was rejected
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.line}>
              <td className="px-2 py-1 align-top font-mono">{row.line}</td>
              <td className="px-2 py-1 break-words text-slate-800">{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every rejected row of an ended import, a page (500 lines) at a time. */
function RejectedRowPages({ view }: { view: LicensingImportView }) {
  const path = `${importPath(view.id)}/rejections`;
  const pages = useInfiniteQuery({
    queryKey: [path, 'pages'],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      apiRequest<LicensingRejectionPage>(`${path}?afterLine=${pageParam}`),
    getNextPageParam: (last) => last.nextAfterLine ?? undefined,
  });
  const rows = pages.data?.pages.flatMap((page) => page.items) ?? view.rejected;
  return (
    <>
      <RejectedRowsTable rows={rows} />
      {pages.isError ? (
        <FormFailure
          className="mt-2"
          message={`Could not load more rejected rows: ${failureText(pages.error)}`}
        />
      ) : null}
      {pages.hasNextPage ? (
        <button
          type="button"
          className={`${buttonClass} mt-3`}
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? 'Loading…' : 'Show more rejected rows'}
        </button>
      ) : null}
      <p className="mt-2 text-sm text-slate-600" aria-live="polite">
        Showing {formatCount(rows.length)} of {formatCount(view.rows.rejected)} rejected rows.
      </p>
    </>
  );
}

export function ImportReport({ view }: { view: LicensingImportView }) {
  const ended = LICENSING_IMPORT_ENDED.has(view.status);
  const heading =
    view.status === 'succeeded'
      ? 'Import finished'
      : view.status === 'refused'
        ? 'File refused'
        : view.status === 'failed'
          ? 'Import stopped'
          : 'Importing';
  return (
    <section aria-labelledby="licensing-report-heading" className={`${cardClass} space-y-4`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id="licensing-report-heading" className="text-lg font-semibold text-slate-900">
            {heading}
          </h3>
          <p className="text-sm break-words text-slate-600">
            {view.filename} · {view.fileLabel} of {licensingDay(view.fileDate)} (
            {DATE_SOURCES[view.fileDateSource] ?? view.fileDateSource}) · {megabytes(view.bytes)} ·
            uploaded by {view.createdBy.replace(/^admin:/, '')}, <DateTime iso={view.createdAt} />
          </p>
        </div>
        <ImportStatus status={view.status} />
      </div>
      {!ended ? (
        <div>
          <div className="mb-1 flex flex-wrap justify-between gap-2 text-sm text-slate-700">
            <span>{stepText(view)}…</span>
            <span>{view.progress}%</span>
          </div>
          <ProgressBar
            value={view.progress}
            label="Import progress"
            valueText={`${view.progress}%, ${LICENSING_IMPORT_STATUS_TEXT[view.status]}`}
          />
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Rows read" value={view.rows.read} />
        <Figure
          label="Rejected"
          value={view.rows.rejected}
          tone={view.rows.rejected > 0 ? 'text-red-700' : undefined}
        />
        <Figure label="New" value={view.rows.inserted} tone="text-green-800" />
        <Figure label="Changed" value={view.rows.updated} tone="text-blue-800" />
        <Figure label="Unchanged" value={view.rows.unchanged} />
        <Figure label="Companies matched" value={view.companiesMatched} />
      </dl>
      {view.status === 'refused' ? (
        <FormFailure message={`${view.error ?? 'The file was refused.'} Nothing was written.`} />
      ) : view.status === 'failed' ? (
        <FormFailure message={view.error ?? 'The import stopped.'} />
      ) : null}
      {view.status === 'succeeded' ? (
        <p className="text-sm text-slate-700">
          Rejected rows were left out; every other row is written. Importing the same file again
          changes nothing.
        </p>
      ) : null}
      {view.rows.rejected > 0 || view.rejected.length > 0 ? (
        <div>
          <h4 className="font-semibold text-slate-900">Rejected rows</h4>
          {ended ? <RejectedRowPages view={view} /> : <RejectedRowsTable rows={view.rejected} />}
        </div>
      ) : null}
    </section>
  );
}
