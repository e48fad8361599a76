/**
 * /admin/database: the connection's health and the pool's state, a downloadable backup, every table with
 * its row count and size (sorted and filtered by the server), and the applied and pending migrations.
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  type DatabaseHealth,
  type DatabaseMigrations,
  type DatabaseTableSort,
  type DatabaseTables,
  type ServerLoad,
} from '@moveratlas/contracts';
import { formatCount } from '../../../lib/numbers';
import { Badge, type BadgeTone } from '../../../components/dashboard/badge';
import { buttonClass, inputClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { formatDateTime } from '../../../components/dashboard/date-time';
import { useMay } from '../use-admin-role';
import { failureText } from '../../../components/dashboard/failure-text';
import { LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { SectionCard } from '../../../components/dashboard/section-card';
import { downloadBackup } from './backup-download';

const HEALTH_PATH = '/api/admin/database/health';
const TABLES_PATH = '/api/admin/database/tables';
const MIGRATIONS_PATH = '/api/admin/database/migrations';

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'unknown';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold break-words text-slate-900">{value}</dd>
      {detail ? <dd className="text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}

const formatMs = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;

/** This server process's own load (the same figures as /healthz): what a slow site is waiting on. */
function ServerLoadFigures({ load }: { load: ServerLoad }) {
  const { eventLoop, requests } = load;
  return (
    <>
      <Figure
        label="Event loop delay"
        value={`${formatMs(eventLoop.p99Ms)} (p99)`}
        detail={`Last second; worst in the last minute ${formatMs(eventLoop.maxLastMinuteMs)}, logged past ${formatMs(eventLoop.warnMs)}`}
      />
      <Figure
        label="Requests in flight"
        value={
          requests.maxInFlight > 0
            ? `${formatCount(requests.inFlight)} of ${formatCount(requests.maxInFlight)}`
            : formatCount(requests.inFlight)
        }
        detail={`${requests.underPressure ? 'Under pressure: taking fewer requests. ' : ''}${requests.queued > 0 ? `${formatCount(requests.queued)} pages waiting their turn; ` : ''}${formatCount(requests.shed)} refused as busy since the server started`}
      />
      <Figure
        label="Memory"
        value={`${Math.round(load.heapUsedRatio * 100)}% of the heap`}
        detail="JavaScript heap in use, of its limit"
      />
    </>
  );
}

function HealthCard() {
  const query = useQuery<DatabaseHealth>({ queryKey: [HEALTH_PATH], staleTime: 0 });
  return (
    <SectionCard
      id="db-health"
      title="Connection"
      actions={
        <button
          type="button"
          className={buttonClass}
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {query.isFetching ? 'Checking…' : 'Check again'}
        </button>
      }
    >
      {query.isPending ? (
        <Skeleton rows label="Checking the database" />
      ) : query.isError ? (
        <LoadFailure
          what="the connection status"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure
            label="Engine"
            value={query.data.dialect === 'sqlite' ? 'SQLite' : 'MySQL / MariaDB'}
            detail={query.data.serverVersion}
          />
          <Figure
            label="Latency"
            value={`${query.data.latencyMs.toFixed(query.data.latencyMs < 10 ? 2 : 0)} ms`}
            detail="A select 1 through the pool"
          />
          <Figure
            label="Pool"
            value={`${query.data.pool.used} in use · ${query.data.pool.free} idle`}
            detail={`Size ${query.data.pool.min}–${query.data.pool.max}; ${query.data.pool.pendingAcquires} waiting, ${query.data.pool.pendingCreates} opening`}
          />
          <Figure
            label="Size on disk"
            value={formatBytes(query.data.totalBytes)}
            detail={`Checked ${formatDateTime(query.data.checkedAt)}`}
          />
          <ServerLoadFigures load={query.data.server} />
        </dl>
      )}
    </SectionCard>
  );
}

function BackupCard() {
  const health = useQuery<DatabaseHealth>({ queryKey: [HEALTH_PATH], staleTime: 0 });
  const sqlite = health.data?.dialect === 'sqlite';
  const download = useMutation({ mutationFn: downloadBackup });
  // A backup holds every lead's personal data: owners only (the server refuses anyone else).
  const mayDownload = useMay('POST /database/backup');
  return (
    <SectionCard id="db-backup" title="Backup">
      <p className="text-sm text-slate-700">
        {health.data === undefined
          ? 'A consistent copy of the whole database, taken while the site keeps running.'
          : sqlite
            ? 'A consistent copy of the SQLite database file, taken while the site keeps running. Open it with any SQLite tool, or put it in place of the data file to restore.'
            : 'A logical export (.sql) of every table, read in one consistent snapshot. Restore it with: mysql --default-character-set=utf8mb4 <database> < file.sql'}
      </p>
      {mayDownload ? (
        <button
          type="button"
          className={`${primaryButtonClass} mt-4`}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? 'Preparing backup…' : 'Download backup'}
        </button>
      ) : (
        <p className="mt-4 text-sm text-slate-600">Only an owner can download a backup.</p>
      )}
      {download.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The backup could not be downloaded. {failureText(download.error)}
        </p>
      ) : download.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Saved {download.data.filename} ({formatBytes(download.data.bytes)}).
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-600">
        Your browser saves the file (named with the date and time, UTC); a large database takes a
        while. The file holds every lead&apos;s personal data: keep it safe.
      </p>
    </SectionCard>
  );
}

const SORT_LABELS: Record<DatabaseTableSort, string> = {
  name: 'Table',
  rows: 'Rows',
  bytes: 'Size',
};

function TablesCard() {
  const [sort, setSort] = useState<DatabaseTableSort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [q, setQ] = useState('');
  const query = useQuery<DatabaseTables>({
    queryKey: [TABLES_PATH, { sort, order, q: q.trim() || undefined }],
    placeholderData: keepPreviousData,
  });
  const sortBy = (column: DatabaseTableSort) => {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder(column === 'name' ? 'asc' : 'desc');
    }
  };
  const header = (column: DatabaseTableSort, className: string) => (
    <th
      scope="col"
      className={className}
      aria-sort={sort === column ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        onClick={() => sortBy(column)}
        className="font-semibold uppercase hover:text-slate-900"
      >
        {SORT_LABELS[column]}
        <span aria-hidden="true">{sort === column ? (order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
  const estimates = query.data?.tables.some((t) => !t.rowsExact) ?? false;

  return (
    <SectionCard id="db-tables" title="Tables">
      <div className="max-w-xs">
        <label htmlFor="table-filter" className="block text-sm font-medium text-slate-800">
          Filter tables
        </label>
        <input
          id="table-filter"
          type="search"
          value={q}
          maxLength={64}
          onChange={(e) => setQ(e.target.value)}
          className={inputClass}
        />
      </div>
      <div className="mt-4">
        {query.isPending ? (
          <Skeleton rows label="Loading tables" />
        ) : query.isError ? (
          <LoadFailure what="the tables" error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.tables.length === 0 ? (
          <p className="text-sm text-slate-600">No table matches “{q}”.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Tables, sorted by {SORT_LABELS[sort].toLowerCase()}{' '}
                {order === 'asc' ? 'ascending' : 'descending'}
              </caption>
              <thead className="border-b border-slate-200 text-xs text-slate-600">
                <tr>
                  {header('name', 'py-2 pr-3')}
                  {header('rows', 'py-2 pr-3 text-right')}
                  {header('bytes', 'py-2 text-right')}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {query.data.tables.map((table) => (
                  <tr key={table.name}>
                    <th
                      scope="row"
                      className="py-2 pr-3 font-mono text-xs font-medium break-all text-slate-900"
                    >
                      {table.name}
                    </th>
                    <td className="py-2 pr-3 text-right tabular-nums text-slate-800">
                      {table.rowsExact ? '' : '≈ '}
                      {formatCount(table.rows)}
                      {table.rowsExact ? null : <span className="sr-only"> (estimate)</span>}
                    </td>
                    <td className="py-2 text-right tabular-nums text-slate-800">
                      {formatBytes(table.bytes)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {query.data ? (
        <p className="mt-3 text-xs text-slate-600">
          {query.data.total} table{query.data.total === 1 ? '' : 's'}. Sizes include indexes
          {query.data.sizeSource === 'dbstat'
            ? ' (SQLite dbstat)'
            : query.data.sizeSource === 'information_schema'
              ? ' (information_schema: InnoDB’s own figures, updated lazily)'
              : '; this SQLite build cannot report them'}
          .
          {estimates
            ? ' ≈ marks the engine’s row estimate for very large tables.'
            : ' Row counts are exact.'}
        </p>
      ) : null}
    </SectionCard>
  );
}

const MIGRATION_TONES: Record<DatabaseMigrations['migrations'][number]['status'], BadgeTone> = {
  applied: 'success',
  pending: 'warning',
  unknown: 'danger',
};

function MigrationsCard() {
  const query = useQuery<DatabaseMigrations>({ queryKey: [MIGRATIONS_PATH] });
  return (
    <SectionCard id="db-migrations" title="Migrations">
      {query.isPending ? (
        <Skeleton rows label="Loading migrations" />
      ) : query.isError ? (
        <LoadFailure
          what="the migrations"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            <strong>{query.data.applied}</strong> applied,{' '}
            <strong className={query.data.pending > 0 ? 'text-amber-800' : undefined}>
              {query.data.pending}
            </strong>{' '}
            pending.
            {query.data.pending > 0
              ? ' The server applies pending migrations when it starts; restart it to apply them.'
              : ' The schema is up to date.'}
          </p>
          <div className="relative mt-3 max-h-96 overflow-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Migrations</caption>
              <thead className="sticky top-0 border-b border-slate-200 bg-white text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Migration
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
                    Batch
                  </th>
                  <th scope="col" className="py-2">
                    Applied
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {query.data.migrations.map((migration) => (
                  <tr key={migration.name}>
                    <th
                      scope="row"
                      className="py-2 pr-3 font-mono text-xs font-medium break-all text-slate-900"
                    >
                      {migration.name}
                    </th>
                    <td className="py-2 pr-3">
                      <Badge tone={MIGRATION_TONES[migration.status]}>
                        {migration.status === 'unknown' ? 'not in this build' : migration.status}
                      </Badge>
                    </td>
                    <td className="hidden py-2 pr-3 text-slate-700 sm:table-cell">
                      {migration.batch ?? '—'}
                    </td>
                    <td className="py-2 text-xs text-slate-700">
                      {migration.appliedAt ? formatDateTime(migration.appliedAt) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </SectionCard>
  );
}

export function Component() {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h2 className="text-2xl font-bold text-slate-900">Database</h2>
      <HealthCard />
      <BackupCard />
      <TablesCard />
      <MigrationsCard />
    </div>
  );
}
