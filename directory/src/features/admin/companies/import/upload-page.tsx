/**
 * The companies CSV import (/admin/upload): download the template, choose a file, see the dry run (what
 * would be created, updated and rejected, with the first rejected rows and a CSV of all of them), then run
 * the import as a background job and follow its progress bar to the end. The import being looked at is in
 * the URL (?import=<id>), so a reload or a shared link shows the same one.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  COMPANY_CSV_COLUMNS,
  COMPANY_CSV_GUIDE,
  COMPANY_CSV_REQUIRED_COLUMNS,
  CSRF_HEADER,
  IMPORT_MAX_BYTES,
  type CompanyImport,
  type CompanyImportList,
} from '@moveratlas/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { toast } from '../../../../components/toast/toast-store';
import { formatCount } from '../../../../lib/numbers';
import { adminWrite, csrfToken } from '../../admin-request';
import { COMPANIES_PATH } from '../api-paths';
import {
  buttonClass,
  cardClass,
  linkClass,
  primaryButtonClass,
} from '../../../../components/dashboard/classes';
import { DateTime } from '../../../../components/dashboard/date-time';
import { failureText } from '../../../../components/dashboard/failure-text';
import { LoadFailure, Skeleton } from '../../../../components/dashboard/load-states';
import { ProgressBar } from '../../../../components/dashboard/progress-bar';
import { FormFailure } from '../../../../components/dashboard/fields';
import { ImportChanges } from './import-changes';
import { UndoImport } from './import-undo';

export const UPLOAD_PATH = '/api/admin/upload';
/** How often the screen asks for the job's progress while it runs. */
export const PROGRESS_POLL_MS = 1000;

const STATUS_LABELS: Record<CompanyImport['status'], string> = {
  ready: 'Checked, not imported',
  queued: 'Waiting to start',
  running: 'Importing',
  succeeded: 'Imported',
  failed: 'Failed',
};
// An undone import says so in the history (its own status stays "Imported").
const statusText = (item: CompanyImport) =>
  item.undo?.status === 'succeeded' ? 'Imported, then undone' : STATUS_LABELS[item.status];

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Sends the file as the request body, as the API expects (no form encoding, no size blow-up). */
function uploadFile(file: File): Promise<CompanyImport> {
  const headers = new Headers({ 'Content-Type': 'text/csv' });
  const token = csrfToken();
  if (token) headers.set(CSRF_HEADER, token);
  return apiRequest<CompanyImport>(`${UPLOAD_PATH}?filename=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers,
    body: file,
  });
}

function ColumnGuide() {
  return (
    <details className={cardClass}>
      <summary className="cursor-pointer font-semibold text-slate-900">
        The columns ({COMPANY_CSV_COLUMNS.length})
      </summary>
      <p className="mt-2 text-sm text-slate-700">
        The first line names the columns; any order, only <strong>name</strong>,{' '}
        <strong>city</strong> and <strong>state</strong> are required. A row updates the company
        with its slug, else the one with its USDOT number, else adds a company. A column left out
        keeps what a company has; an empty cell clears it. Save as UTF-8 (Excel: &ldquo;CSV
        UTF-8&rdquo;).
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Columns of the companies CSV file</caption>
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">
                Column
              </th>
              <th scope="col" className="py-1 font-semibold">
                What it holds
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {COMPANY_CSV_COLUMNS.map((column) => (
              <tr key={column}>
                <th
                  scope="row"
                  className="py-1 pr-4 align-top font-mono font-normal text-slate-900"
                >
                  {column}
                  {COMPANY_CSV_REQUIRED_COLUMNS.includes(column) ? (
                    <span className="ml-1 text-red-700">*</span>
                  ) : null}
                </th>
                <td className="py-1 text-slate-700">{COMPANY_CSV_GUIDE[column]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

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

function ImportProgress({ upload }: { upload: CompanyImport }) {
  const rows = upload.result?.rows ?? 0;
  const done = `${formatCount(rows)} of ${formatCount(upload.dryRun.rows)} rows`;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm text-slate-700">
        <span>{STATUS_LABELS[upload.status]}…</span>
        <span>
          {upload.progress}% · {done}
        </span>
      </div>
      <ProgressBar
        value={upload.progress}
        label="Import progress"
        valueText={`${upload.progress}%, ${done}`}
      />
    </div>
  );
}

function ImportReport({ upload }: { upload: CompanyImport }) {
  const queryClient = useQueryClient();
  const started = upload.status !== 'ready';
  const figures = upload.result ?? upload.dryRun;
  const writable = upload.dryRun.created + upload.dryRun.updated;
  const start = useMutation({
    mutationFn: () => adminWrite<CompanyImport>('POST', `${UPLOAD_PATH}/${upload.id}/import`),
    onSuccess: (next) => queryClient.setQueryData([`${UPLOAD_PATH}/${upload.id}`], next),
    onError: (error) =>
      toast({
        title: 'Could not start the import',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
  const heading =
    upload.status === 'ready'
      ? 'Dry run: nothing is written yet'
      : upload.status === 'succeeded'
        ? 'Import finished'
        : upload.status === 'failed'
          ? 'Import failed'
          : 'Importing';
  return (
    <section aria-labelledby="report-heading" className={`${cardClass} space-y-4`}>
      <div>
        <h3 id="report-heading" className="text-lg font-semibold text-slate-900">
          {heading}
        </h3>
        <p className="text-sm text-slate-600">
          {upload.filename} · {megabytes(upload.bytes)} · uploaded by {upload.uploadedBy},{' '}
          <DateTime iso={upload.uploadedAt} />
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Figure
          label={started ? 'Rows read' : 'Rows'}
          value={started ? figures.rows : upload.dryRun.rows}
        />
        <Figure
          label={started ? 'Created' : 'Would create'}
          value={figures.created}
          tone="text-green-800"
        />
        <Figure
          label={started ? 'Updated' : 'Would update'}
          value={figures.updated}
          tone="text-blue-800"
        />
        <Figure label="Unchanged" value={figures.unchanged} />
        <Figure
          label="Rejected"
          value={figures.rejected}
          tone={figures.rejected > 0 ? 'text-red-700' : undefined}
        />
      </dl>
      {upload.ignoredColumnCount > 0 ? (
        <p className="text-sm text-amber-900">
          {upload.ignoredColumnCount === 1
            ? 'Ignored column'
            : `${formatCount(upload.ignoredColumnCount)} ignored columns`}{' '}
          (not in the template): {upload.ignoredColumns.join(', ')}
          {upload.ignoredColumnCount > upload.ignoredColumns.length
            ? ` … and ${formatCount(upload.ignoredColumnCount - upload.ignoredColumns.length)} more`
            : ''}
          .
        </p>
      ) : null}
      {upload.neutralised > 0 ? (
        <p className="text-sm text-amber-900">
          {formatCount(upload.neutralised)}{' '}
          {upload.neutralised === 1
            ? 'cell looks like a spreadsheet formula'
            : 'cells look like spreadsheet formulas'}{' '}
          (
          {upload.neutralisedCells
            .slice(0, 5)
            .map((c) => `line ${c.line} ${c.column}`)
            .join(', ')}
          {upload.neutralised > 5 ? ', …' : ''}). {upload.neutralised === 1 ? 'It is' : 'They are'}{' '}
          stored as typed and shown so on the site; every CSV download adds an apostrophe in front,
          so a spreadsheet shows {upload.neutralised === 1 ? 'it' : 'them'} as text and never runs{' '}
          {upload.neutralised === 1 ? 'it' : 'them'}.
        </p>
      ) : null}

      {upload.status === 'ready' ? <ImportChanges upload={upload} path={UPLOAD_PATH} /> : null}
      {upload.status === 'queued' || upload.status === 'running' ? (
        <ImportProgress upload={upload} />
      ) : null}
      {upload.status === 'failed' ? <FormFailure message={upload.error} /> : null}

      {upload.rejected.length > 0 ? (
        <div>
          <h4 className="font-semibold text-slate-900">
            {figures.rejected > upload.rejected.length
              ? `The first ${upload.rejected.length} rejected rows`
              : 'Rejected rows'}
          </h4>
          <div className="mt-2 overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Rejected rows</caption>
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-1 font-semibold">
                    Line
                  </th>
                  <th scope="col" className="px-2 py-1 font-semibold">
                    Column
                  </th>
                  <th scope="col" className="px-2 py-1 font-semibold">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {upload.rejected.map((row) => (
                  <tr key={`${row.line}-${row.column ?? ''}`}>
                    <td className="px-2 py-1 font-mono">{row.line}</td>
                    <td className="px-2 py-1 font-mono">{row.column ?? '(row)'}</td>
                    <td className="px-2 py-1 text-slate-800">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <a
            href={`${UPLOAD_PATH}/${upload.id}/rejected.csv`}
            download
            className={`${buttonClass} mt-3`}
          >
            Download all rejected rows (CSV)
          </a>
        </div>
      ) : null}

      {upload.status === 'ready' ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            disabled={writable === 0 || start.isPending}
            onClick={() => start.mutate()}
            className={primaryButtonClass}
          >
            {start.isPending
              ? 'Starting…'
              : `Import ${formatCount(writable)} ${writable === 1 ? 'company' : 'companies'}`}
          </button>
          {writable === 0 ? (
            <span className="text-sm text-slate-700">Nothing in this file can be imported.</span>
          ) : (
            <span className="text-sm text-slate-700">
              Rejected rows are skipped; the rest is written in the background.
            </span>
          )}
        </div>
      ) : null}
      {upload.status === 'succeeded' ? (
        <div className="flex flex-wrap items-start gap-4">
          <Link to="/admin/companies?sort=updated" className={linkClass}>
            See the companies just written
          </Link>
          <UndoImport upload={upload} path={UPLOAD_PATH} />
        </div>
      ) : null}
    </section>
  );
}

function useWatchedImport(id: string | null) {
  return useQuery<CompanyImport>({
    queryKey: [`${UPLOAD_PATH}/${id}`],
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      const undo = query.state.data?.undo?.status;
      return status === 'queued' || status === 'running' || undo === 'queued' || undo === 'running'
        ? PROGRESS_POLL_MS
        : false;
    },
  });
}

function RecentImports({ currentId }: { currentId: string | null }) {
  const recent = useQuery<CompanyImportList>({ queryKey: [UPLOAD_PATH] });
  if (!recent.data || recent.data.items.length === 0) return null;
  return (
    <section aria-labelledby="recent-heading" className={cardClass}>
      <h3 id="recent-heading" className="font-semibold text-slate-900">
        Recent imports
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {recent.data.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0">
              <Link
                to={`?import=${item.id}`}
                aria-current={String(item.id) === currentId ? 'true' : undefined}
                className={linkClass}
              >
                {item.filename}
              </Link>{' '}
              <span className="text-slate-600">
                · {formatCount(item.dryRun.rows)} rows · {item.uploadedBy},{' '}
                <DateTime iso={item.uploadedAt} />
              </span>
            </span>
            <span className="text-slate-800">{statusText(item)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Component() {
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const importId = search.get('import');
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const watched = useWatchedImport(importId);
  // The last status seen, to tell the admin once when a job they watched ends.
  const previous = useRef<{ id: number; status: CompanyImport['status'] } | null>(null);
  const previousUndo = useRef<{ id: number; status: string | null } | null>(null);
  useEffect(() => {
    const data = watched.data;
    const before = previousUndo.current;
    previousUndo.current = data ? { id: data.id, status: data.undo?.status ?? null } : null;
    if (!data?.undo || !before || before.id !== data.id || before.status === data.undo.status)
      return;
    if (data.undo.status === 'succeeded') {
      void queryClient.invalidateQueries({ queryKey: [COMPANIES_PATH] });
      toast({
        title: 'Import undone',
        description: `${formatCount(data.undo.restored)} put back, ${formatCount(data.undo.deleted)} deleted${data.undo.skipped > 0 ? `, ${formatCount(data.undo.skipped)} left as changed since` : ''}.`,
      });
    } else if (data.undo.status === 'failed')
      toast({
        title: 'The undo stopped',
        description: data.undo.error ?? undefined,
        variant: 'destructive',
      });
  }, [watched.data, queryClient]);

  const upload = useMutation({
    mutationFn: uploadFile,
    onSuccess: async (report) => {
      setRefusal(null);
      queryClient.setQueryData([`${UPLOAD_PATH}/${report.id}`], report);
      setSearch({ import: String(report.id) });
      await queryClient.invalidateQueries({ queryKey: [UPLOAD_PATH], exact: true });
    },
    onError: (error) => setRefusal(failureText(error)),
  });

  useEffect(() => {
    const data = watched.data;
    const before = previous.current;
    previous.current = data ? { id: data.id, status: data.status } : null;
    if (!data || !before || before.id !== data.id || before.status === data.status) return;
    if (data.status !== 'succeeded' && data.status !== 'failed') return;
    void queryClient.invalidateQueries({ queryKey: [COMPANIES_PATH] });
    void queryClient.invalidateQueries({ queryKey: [UPLOAD_PATH], exact: true });
    if (data.status === 'succeeded')
      toast({
        title: 'Import finished',
        description: `${formatCount(data.result?.created ?? 0)} created, ${formatCount(data.result?.updated ?? 0)} updated, ${formatCount(data.result?.unchanged ?? 0)} unchanged, ${formatCount(data.result?.rejected ?? 0)} rejected.`,
      });
    else
      toast({
        title: 'Import failed',
        description: data.error ?? undefined,
        variant: 'destructive',
      });
  }, [watched.data, queryClient]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setRefusal('Choose a CSV file first.');
      fileInput.current?.focus();
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setRefusal(
        `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into smaller files.`,
      );
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">Import companies from CSV</h2>
        <a href={`${UPLOAD_PATH}/template.csv`} download className={buttonClass}>
          Download the template
        </a>
      </div>
      <ColumnGuide />
      <form onSubmit={onSubmit} aria-label="Upload a CSV file" className={`${cardClass} space-y-3`}>
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            CSV file (UTF-8, up to {IMPORT_MAX_BYTES / 1024 / 1024} MB)
          </label>
          <input
            ref={fileInput}
            id={fileId}
            name="file"
            type="file"
            accept=".csv,text/csv"
            onChange={() => setRefusal(null)}
            className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
          />
        </div>
        <button type="submit" disabled={upload.isPending} className={primaryButtonClass}>
          {upload.isPending ? 'Uploading and checking…' : 'Check the file'}
        </button>
        <p className="text-xs text-slate-600">
          Checking writes nothing: you see what the import would do before you start it.
        </p>
        <FormFailure message={refusal} />
      </form>
      <div aria-live="polite">
        {importId === null ? null : watched.isError ? (
          <LoadFailure
            what="the import"
            error={watched.error}
            onRetry={() => void watched.refetch()}
            retrying={watched.isFetching}
          />
        ) : !watched.data ? (
          <Skeleton label="Loading the import…" blocks={1} />
        ) : (
          <ImportReport upload={watched.data} />
        )}
      </div>
      <RecentImports currentId={importId} />
    </div>
  );
}
