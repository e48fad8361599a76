/**
 * Licensing, FMCSA imports (/admin/licensing): upload the motor carrier census or an L&I revocations file,
 * watch the upload's bytes go up and then the import job's progress to its end, and read its report (the
 * rejected rows by line, in words). The import looked at is in the URL (?import=<id>), so a reload or a
 * shared link shows the same one; recent imports are listed below.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  LICENSING_IMPORT_ENDED,
  licensingDay,
  type LicensingImportList,
  type LicensingImportView,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { formatCount } from '../../../lib/numbers';
import {
  cardClass,
  inputClass,
  linkClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure } from '../../../components/dashboard/fields';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { ProgressBar } from '../../../components/dashboard/progress-bar';
import { ImportReport, ImportStatus } from './import-report';
import { IMPORT_POLL_MS, importPath, LICENSING_API, uploadFmcsaFile } from './licensing-api';
import { LicensingSections } from './licensing-sections';

function useWatchedImport(id: string | null) {
  return useQuery<LicensingImportView>({
    queryKey: [importPath(id ?? '')],
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && !LICENSING_IMPORT_ENDED.has(status) ? IMPORT_POLL_MS : false;
    },
  });
}

function RecentImports({ currentId }: { currentId: string | null }) {
  const recent = useQuery<LicensingImportList>({ queryKey: [LICENSING_API.imports] });
  return (
    <section aria-labelledby="recent-imports-heading" className="space-y-2">
      <h3 id="recent-imports-heading" className="font-semibold text-slate-900">
        Recent imports
      </h3>
      {recent.isError && !recent.data ? (
        <LoadFailure
          what="the recent imports"
          error={recent.error}
          onRetry={() => void recent.refetch()}
          retrying={recent.isFetching}
        />
      ) : !recent.data ? (
        <Skeleton label="Loading the recent imports…" blocks={2} rows />
      ) : recent.data.items.length === 0 ? (
        <EmptyState>No FMCSA file has been imported yet.</EmptyState>
      ) : (
        <ul className={`${cardClass} divide-y divide-slate-100 text-sm`}>
          {recent.data.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                <Link
                  to={`?import=${item.id}`}
                  aria-current={String(item.id) === currentId ? 'true' : undefined}
                  className={linkClass}
                >
                  {item.filename}
                </Link>{' '}
                <span className="text-slate-600">
                  · {item.fileLabel} of {licensingDay(item.fileDate)} ·{' '}
                  {formatCount(item.rows.read)} rows · <DateTime iso={item.createdAt} />
                </span>
              </span>
              <ImportStatus status={item.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Component() {
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const importId = search.get('import');
  const fileId = useId();
  const dateId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileDate, setFileDate] = useState('');
  const [sent, setSent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const watched = useWatchedImport(importId);

  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadFmcsaFile(file, fileDate === '' ? null : fileDate, (percent) => setSent(percent)),
    onMutate: () => {
      setRefusal(null);
      setSent(0);
    },
    onSuccess: async (view) => {
      queryClient.setQueryData([importPath(view.id)], view);
      setSearch({ import: String(view.id) });
      if (fileInput.current) fileInput.current.value = '';
      await queryClient.invalidateQueries({ queryKey: [LICENSING_API.imports], exact: true });
    },
    onError: (error) => setRefusal(`The file was not imported: ${failureText(error)}`),
    onSettled: () => setSent(null),
  });

  // Tell staff once when the import they watch ends, and refresh what it changes.
  const previous = useRef<{ id: number; status: LicensingImportView['status'] } | null>(null);
  useEffect(() => {
    const data = watched.data;
    const before = previous.current;
    previous.current = data ? { id: data.id, status: data.status } : null;
    if (!data || !before || before.id !== data.id || before.status === data.status) return;
    if (!LICENSING_IMPORT_ENDED.has(data.status)) return;
    void queryClient.invalidateQueries({ queryKey: [LICENSING_API.imports], exact: true });
    void queryClient.invalidateQueries({ queryKey: [LICENSING_API.redFlags] });
    void queryClient.invalidateQueries({ queryKey: [LICENSING_API.censusCarriers] });
    if (data.status === 'succeeded')
      toast({
        title: 'Import finished',
        description: `${formatCount(data.rows.inserted)} new, ${formatCount(data.rows.updated)} changed, ${formatCount(data.rows.unchanged)} unchanged, ${formatCount(data.rows.rejected)} rejected; ${formatCount(data.companiesMatched)} companies matched.`,
      });
    else
      toast({
        title: data.status === 'refused' ? 'File refused' : 'Import stopped',
        description: data.error ?? undefined,
        variant: 'destructive',
      });
  }, [watched.data, queryClient]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setRefusal('Choose an FMCSA file first.');
      fileInput.current?.focus();
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <h2 className="text-xl font-bold text-slate-900">Licensing</h2>
      <LicensingSections />
      <form
        onSubmit={onSubmit}
        aria-label="Upload an FMCSA file"
        className={`${cardClass} space-y-3`}
      >
        <p className="text-sm text-slate-700">
          FMCSA publishes the <strong>motor carrier census</strong> and the{' '}
          <strong>licensing and insurance revocations</strong> as CSV files. Each row is checked
          before anything is written; rejected rows are reported by line, and importing the same
          file again changes nothing.
        </p>
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            FMCSA file (census or revocations, up to 2 GB)
          </label>
          <input
            ref={fileInput}
            id={fileId}
            name="file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={() => setRefusal(null)}
            className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
          />
        </div>
        <div className="max-w-xs">
          <label htmlFor={dateId} className="block text-sm font-medium text-slate-800">
            Date FMCSA published it (optional)
          </label>
          <input
            id={dateId}
            type="date"
            value={fileDate}
            onChange={(event) => setFileDate(event.target.value)}
            aria-describedby={`${dateId}-hint`}
            className={inputClass}
          />
          <p id={`${dateId}-hint`} className="mt-1 text-xs text-slate-600">
            Left empty, it is read from the file’s name (FMCSA_CENSUS1_2024Feb), else today.
          </p>
        </div>
        <button type="submit" disabled={upload.isPending} className={primaryButtonClass}>
          {upload.isPending ? 'Uploading…' : 'Upload and import'}
        </button>
        {sent !== null ? (
          <div>
            <div className="mb-1 flex justify-between text-sm text-slate-700">
              <span>Uploading the file…</span>
              <span>{Math.floor(sent)}%</span>
            </div>
            <ProgressBar
              value={sent}
              label="Upload progress"
              valueText={`${Math.floor(sent)}% uploaded`}
            />
          </div>
        ) : null}
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
          <ImportReport view={watched.data} />
        )}
      </div>
      <RecentImports currentId={importId} />
    </div>
  );
}
