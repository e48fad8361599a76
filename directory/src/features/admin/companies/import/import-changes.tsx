/**
 * The dry run's diff on the import screen: per company the file would change, which fields, from what to
 * what (a new company is marked new), a page at a time for a large file, with the totals above.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  COMPANY_FIELD_LABELS,
  fieldLabel,
  type CompanyImport,
  type ImportChangePage,
  type ImportCompanyChange,
} from '@moveratlas/contracts';
import { formatCount } from '../../../../lib/numbers';
import { Badge } from '../../../../components/dashboard/badge';
import { linkClass } from '../../../../components/dashboard/classes';
import { LoadFailure, Skeleton } from '../../../../components/dashboard/load-states';
import { PageButtons } from '../../../../components/dashboard/pager';

/** A field as the company form names it. */
const companyFieldWords = (field: string) =>
  (COMPANY_FIELD_LABELS as Readonly<Record<string, string>>)[field] ?? fieldLabel(field);

function Value({ value }: { value: string | null }) {
  return value === null ? (
    <span className="text-slate-500 italic">(empty)</span>
  ) : (
    <span className="break-words whitespace-pre-line">{value}</span>
  );
}

function CompanyChange({ change }: { change: ImportCompanyChange }) {
  const heading = (
    <>
      {change.companyId !== null ? (
        <Link to={`/admin/companies/${change.companyId}`} className={linkClass}>
          {change.name}
        </Link>
      ) : (
        <span className="font-semibold text-slate-900">{change.name}</span>
      )}{' '}
      <span className="text-slate-600">· {change.place}</span>
    </>
  );
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-mono text-xs text-slate-600">Line {change.line}</span>
        {heading}
        {change.kind === 'new' ? (
          <Badge tone="success">New company</Badge>
        ) : (
          <Badge tone="info">
            {change.changes.length}{' '}
            {change.changes.length === 1 ? 'field changes' : 'fields change'}
          </Badge>
        )}
      </div>
      {change.kind === 'update' ? (
        <table className="mt-2 w-full table-fixed text-left text-sm">
          <caption className="sr-only">Changes to {change.name}</caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
                Field
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Now
              </th>
              <th scope="col" className="py-1 font-medium">
                After the import
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {change.changes.map((c) => (
              <tr key={c.field}>
                <th scope="row" className="py-1 pr-2 font-medium text-slate-800">
                  {companyFieldWords(c.field)}
                </th>
                <td className="bg-red-50 px-2 py-1 text-red-950">
                  <Value value={c.from} />
                </td>
                <td className="bg-green-50 px-2 py-1 text-green-950">
                  <Value value={c.to} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </li>
  );
}

export function ImportChanges({ upload, path }: { upload: CompanyImport; path: string }) {
  const [page, setPage] = useState(1);
  const changes = useQuery<ImportChangePage>({
    queryKey: [`${path}/${upload.id}/changes`, { page: String(page) }],
    placeholderData: keepPreviousData,
  });
  const { created, updated, unchanged } = upload.dryRun;
  if (created + updated === 0)
    return (
      <p className="text-sm text-slate-700">
        No company would change
        {unchanged > 0
          ? `: the file's ${formatCount(unchanged)} ${unchanged === 1 ? 'company is' : 'companies are'} exactly as stored`
          : ''}
        .
      </p>
    );
  const data = changes.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <section aria-labelledby="changes-heading">
      <h4 id="changes-heading" className="font-semibold text-slate-900">
        What would change, company by company
      </h4>
      <p className="text-sm text-slate-700">
        {formatCount(created)} new, {formatCount(updated)} updated
        {unchanged > 0 ? `, ${formatCount(unchanged)} unchanged (not written)` : ''}
        {pages > 1 ? ` · page ${formatCount(page)} of ${formatCount(pages)}` : ''}
      </p>
      {changes.isError && !data ? (
        <LoadFailure
          what="the changes"
          error={changes.error}
          onRetry={() => void changes.refetch()}
          retrying={changes.isFetching}
        />
      ) : !data ? (
        <Skeleton label="Loading the changes…" blocks={1} />
      ) : (
        <>
          <ul className="divide-y divide-slate-200" aria-label="Changes by company">
            {data.items.map((change) => (
              <CompanyChange key={change.line} change={change} />
            ))}
          </ul>
          <PageButtons label="Pages of changes" page={page} pages={pages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
