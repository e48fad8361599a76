/**
 * The Mail screen (/admin/mail): every message the server sent or kept, newest first, with its status, a
 * search by recipient and a status filter, in pages — all in the URL. Without SMTP_URL nothing leaves the
 * server and this is where staff read what it would have sent (docs/decisions/030).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ADMIN_API,
  MAIL_STATUSES,
  type AdminMailList,
  type AdminMailSummary,
} from '@moveratlas/contracts';
import { DateTime } from '../../../components/dashboard/date-time';
import { FilterForm, FilterSelect } from '../../../components/dashboard/list-filters';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import { ListStates } from '../../../components/dashboard/load-states';
import { Pager } from '../../../components/dashboard/pager';
import { pick } from '../../../components/dashboard/url-params';
import { MAIL_STATUS_LABELS, MailStatusBadge, templateLabel } from './mail-format';

const FILTER_PARAMS = ['q', 'status'] as const;
const LIST_PARAMS = [...FILTER_PARAMS, 'page'] as const;

function SubjectLink({ message }: { message: AdminMailSummary }) {
  return (
    <Link
      to={`/admin/mail/${message.id}`}
      className="font-medium break-words text-blue-700 underline hover:text-blue-900"
    >
      {message.subject}
    </Link>
  );
}

function MailTable({ messages }: { messages: AdminMailSummary[] }) {
  return (
    <ListTable caption="Outgoing mail, newest first">
      <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <tr>
          <th scope="col" className="px-3 py-2">
            To
          </th>
          <th scope="col" className="px-3 py-2">
            Subject
          </th>
          <th scope="col" className="px-3 py-2">
            Created
          </th>
          <th scope="col" className="px-3 py-2">
            Status
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {messages.map((message) => (
          <tr key={message.id} className="align-top hover:bg-slate-50">
            <td className="px-3 py-2 break-all text-slate-800">{message.to}</td>
            <td className="max-w-md px-3 py-2">
              <div className="text-xs font-medium text-slate-600">
                {templateLabel(message.template)}
              </div>
              <SubjectLink message={message} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              <DateTime iso={message.createdAt} />
            </td>
            <td className="px-3 py-2">
              <MailStatusBadge status={message.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

/** Phones get cards: one message per card, nothing to scroll sideways. */
function MailCards({ messages }: { messages: AdminMailSummary[] }) {
  return (
    <ListCards label="Outgoing mail, newest first">
      {messages.map((message) => (
        <ListCard key={message.id}>
          <div className="flex items-start justify-between gap-2">
            <SubjectLink message={message} />
            <MailStatusBadge status={message.status} />
          </div>
          <p className="mt-1 text-sm break-all text-slate-700">To {message.to}</p>
          <p className="mt-1 text-xs text-slate-600">
            {templateLabel(message.template)} · <DateTime iso={message.createdAt} />
          </p>
        </ListCard>
      ))}
    </ListCards>
  );
}

/** Whether mail leaves the server: said once at the top, because it changes what "Kept here" means. */
function DeliveryNote({ delivery }: { delivery: AdminMailList['delivery'] }) {
  return delivery === 'kept' ? (
    <p className="rounded-lg border border-cyan-200 bg-cyan-50 p-3 text-sm text-cyan-950">
      No mail server is set up (<code>SMTP_URL</code>), so nothing leaves the server: every message
      is kept here to be read instead.
    </p>
  ) : (
    <p className="text-sm text-slate-600">
      Messages go out through the mail server of <code>SMTP_URL</code>; one that fails is retried,
      and after its last attempt it waits on the Jobs screen as a dead letter.
    </p>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const params = pick(search, LIST_PARAMS);
  const isFiltered = Object.keys(pick(search, FILTER_PARAMS)).length > 0;
  const list = useQuery<AdminMailList>({
    queryKey: [ADMIN_API.mail, params],
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const data = list.data;

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div>
        <h2 className="text-xl font-bold text-slate-900">Mail</h2>
        <p className="mt-1 text-sm text-slate-600">
          Every e-mail the site sent or kept, newest first: failure alerts to staff, and more to
          come.
        </p>
      </div>
      {data ? <DeliveryNote delivery={data.delivery} /> : null}
      <FilterForm
        label="Filter mail"
        search={search}
        filters={FILTER_PARAMS}
        keep={[]}
        searchPlaceholder="Recipient's address"
        submitLabel="Apply filters"
        clearTo="/admin/mail"
      >
        <FilterSelect
          label="Status"
          name="status"
          value={search.get('status') ?? ''}
          options={MAIL_STATUSES.map((s) => ({ value: s, label: MAIL_STATUS_LABELS[s] }))}
        />
      </FilterForm>
      <ListStates
        query={list}
        what="the mail"
        noun={{ one: 'message', many: 'messages' }}
        isEmpty={(d) => d.messages.length === 0}
        isFiltered={isFiltered}
        clear={{ to: '/admin/mail', label: 'Show all mail' }}
        empty="No e-mail has been sent yet."
      >
        {(d) => (
          <>
            <MailTable messages={d.messages} />
            <MailCards messages={d.messages} />
            <Pager
              label="Mail pages"
              page={d.page}
              pages={Math.max(1, Math.ceil(d.total / d.pageSize))}
              search={search}
              previousLabel="Newer"
              nextLabel="Older"
            />
          </>
        )}
      </ListStates>
    </div>
  );
}
