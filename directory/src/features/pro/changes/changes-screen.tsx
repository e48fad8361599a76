/**
 * The company's change history, for its owners: every change to its data, newest first, a page at a time,
 * with who made it (a team member's e-mail address, or "MoverAtlas staff"), when, what, and the fields
 * before and after.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  proCompanyPath,
  type ProChange,
  type ProChangesPage,
  type ProCompany,
} from '@moveratlas/contracts';
import { Badge } from '../../../components/dashboard/badge';
import { DateTime } from '../../../components/dashboard/date-time';
import { ListStates } from '../../../components/dashboard/load-states';
import { shownValue } from '../../../components/dashboard/merge-panel';
import { PageButtons } from '../../../components/dashboard/pager';

export const changesPath = (companyId: number) => proCompanyPath(companyId, 'changes');

/** A field's name as words: "service_radius_miles" → "Service radius miles". */
const fieldLabel = (key: string) => {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function FieldChanges({ change }: { change: ProChange }) {
  const keys = [
    ...new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})]),
  ];
  if (keys.length === 0) return null;
  const showBefore = change.before !== null;
  const showAfter = change.after !== null;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The fields this change touched</caption>
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-1 pr-3">
              Field
            </th>
            {showBefore ? (
              <th scope="col" className="py-1 pr-3">
                Before
              </th>
            ) : null}
            {showAfter ? (
              <th scope="col" className="py-1">
                After
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {keys.map((key) => (
            <tr key={key}>
              <th scope="row" className="py-1 pr-3 font-medium text-slate-800">
                {fieldLabel(key)}
              </th>
              {showBefore ? (
                <td className="py-1 pr-3 break-words text-slate-700">
                  {shownValue(change.before?.[key])}
                </td>
              ) : null}
              {showAfter ? (
                <td className="py-1 break-words text-slate-900">
                  {shownValue(change.after?.[key])}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ChangesScreen({ company }: { company: ProCompany }) {
  const [page, setPage] = useState(1);
  const path = changesPath(company.id);
  const query = useQuery<ProChangesPage>({
    queryKey: page === 1 ? [path] : [path, { page }],
    placeholderData: keepPreviousData,
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Every change made to {company.name}&apos;s data, by your team or by our staff, newest first.
      </p>
      <ListStates
        query={query}
        what="the change history"
        noun={{ one: 'change', many: 'changes' }}
        isEmpty={(data) => data.items.length === 0}
        isFiltered={false}
        clear={{ to: path, label: '' }}
        empty="No change has been made yet."
      >
        {(data) => (
          <>
            <ol className="space-y-3" aria-label="Changes, newest first">
              {data.items.map((change) => (
                <li
                  key={change.id}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <p className="font-medium break-all text-slate-900">
                      {change.who} {change.byStaff ? <Badge tone="violet">Staff</Badge> : null}
                    </p>
                    <p className="text-slate-600">
                      <DateTime iso={change.createdAt} />
                    </p>
                  </div>
                  <p className="mt-1 text-slate-800">{change.summary}</p>
                  <FieldChanges change={change} />
                </li>
              ))}
            </ol>
            <PageButtons
              label="Change history pages"
              page={data.page}
              pages={Math.max(1, Math.ceil(data.total / data.limit))}
              onPageChange={setPage}
            />
          </>
        )}
      </ListStates>
    </div>
  );
}
