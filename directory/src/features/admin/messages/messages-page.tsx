/**
 * The contact inbox (/admin/messages): what visitors sent through /contact, newest first, messages nobody
 * has opened marked as unread; status pills, topic and assignment filters and a search, with the page, all
 * in the URL so a view can be bookmarked or shared. The server filters and pages.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ADMIN_API,
  CONTACT_MESSAGE_STATUSES,
  CONTACT_TOPICS,
  type AdminContactMessageList,
  type AdminContactMessageSummary,
} from '@moveratlas/contracts';
import { DateTime } from '../../../components/dashboard/date-time';
import { FilterForm, FilterSelect } from '../../../components/dashboard/list-filters';
import { SavedViews } from '../ui/saved-views';
import { ListCard, ListCards, ListTable } from '../../../components/dashboard/list-layout';
import { ListStates } from '../../../components/dashboard/load-states';
import { Pager } from '../../../components/dashboard/pager';
import { StatusFilter } from '../../../components/dashboard/status-filter';
import { pick } from '../../../components/dashboard/url-params';
import { MESSAGE_STATUS_LABELS, MessageStatusBadge, topicLabel } from './message-format';

/** Set by the filter form; the status is set by the pills above it. */
const FORM_PARAMS = ['q', 'topic', 'assigned'] as const;
const FILTER_PARAMS = [...FORM_PARAMS, 'status'] as const;
const LIST_PARAMS = [...FILTER_PARAMS, 'page'] as const;

const ASSIGNED_LABELS = { me: 'Assigned to me', nobody: 'Not assigned' } as const;

function MessageFilters({ search }: { search: URLSearchParams }) {
  const value = (name: string) => search.get(name) ?? '';
  return (
    <FilterForm
      label="Filter messages"
      search={search}
      filters={FORM_PARAMS}
      keep={['status']}
      searchPlaceholder="Name, e-mail or words of the message"
      submitLabel="Apply filters"
      clearTo="/admin/messages"
    >
      <FilterSelect
        label="Topic"
        name="topic"
        value={value('topic')}
        options={CONTACT_TOPICS.map((t) => ({ value: t.id, label: t.label }))}
      />
      <FilterSelect
        label="Assigned"
        name="assigned"
        value={value('assigned')}
        anyLabel="Anyone or nobody"
        options={Object.entries(ASSIGNED_LABELS).map(([v, label]) => ({ value: v, label }))}
      />
    </FilterForm>
  );
}

/** The sender, bold while nobody has opened the message; screen readers hear "Unread message from" first. */
function SenderLink({ message }: { message: AdminContactMessageSummary }) {
  const unread = message.status === 'new';
  return (
    <Link
      to={`/admin/messages/${message.id}`}
      aria-label={unread ? `Unread message from ${message.name}` : undefined}
      className={`${unread ? 'font-bold' : 'font-medium'} text-blue-700 underline hover:text-blue-900`}
    >
      {message.name}
    </Link>
  );
}

function UnreadDot({ message }: { message: AdminContactMessageSummary }) {
  return message.status === 'new' ? (
    <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-blue-700" />
  ) : (
    <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0" />
  );
}

function MessageTable({ messages }: { messages: AdminContactMessageSummary[] }) {
  return (
    <ListTable caption="Contact messages, newest first">
      <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <tr>
          <th scope="col" className="px-3 py-2">
            From
          </th>
          <th scope="col" className="px-3 py-2">
            Message
          </th>
          <th scope="col" className="px-3 py-2">
            Received
          </th>
          <th scope="col" className="px-3 py-2">
            Status
          </th>
          <th scope="col" className="px-3 py-2">
            Assigned to
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {messages.map((message) => (
          <tr
            key={message.id}
            className={`align-top hover:bg-slate-50 ${message.status === 'new' ? 'bg-blue-50/40' : ''}`}
          >
            <td className="px-3 py-2">
              <div className="flex gap-2">
                <UnreadDot message={message} />
                <div className="min-w-0">
                  <SenderLink message={message} />
                  <div className="text-xs break-all text-slate-600">{message.email}</div>
                </div>
              </div>
            </td>
            <td className="max-w-md px-3 py-2 text-slate-700">
              <div className="text-xs font-medium text-slate-600">{topicLabel(message.topic)}</div>
              <div className="break-words">{message.excerpt}</div>
            </td>
            <td className="px-3 py-2 whitespace-nowrap text-slate-700">
              <DateTime iso={message.receivedAt} />
            </td>
            <td className="px-3 py-2">
              <MessageStatusBadge status={message.status} />
            </td>
            <td className="px-3 py-2 text-slate-700">
              {message.assignee?.username ?? <span className="text-slate-500">Nobody</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

/** Phones get cards: one message per card, nothing to scroll sideways. */
function MessageCards({ messages }: { messages: AdminContactMessageSummary[] }) {
  return (
    <ListCards label="Contact messages, newest first">
      {messages.map((message) => (
        <ListCard key={message.id}>
          <div className="flex items-start justify-between gap-2">
            <div className="flex min-w-0 gap-2">
              <UnreadDot message={message} />
              <div className="min-w-0">
                <SenderLink message={message} />
                <div className="text-xs break-all text-slate-600">{message.email}</div>
              </div>
            </div>
            <MessageStatusBadge status={message.status} />
          </div>
          <p className="mt-2 text-sm break-words text-slate-700">{message.excerpt}</p>
          <p className="mt-1 text-xs text-slate-600">
            {topicLabel(message.topic)} · <DateTime iso={message.receivedAt} /> ·{' '}
            {message.assignee ? `assigned to ${message.assignee.username}` : 'not assigned'}
          </p>
        </ListCard>
      ))}
    </ListCards>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const params = pick(search, LIST_PARAMS);
  const filtered = pick(search, FILTER_PARAMS);
  const isFiltered = Object.keys(filtered).length > 0;
  const list = useQuery<AdminContactMessageList>({
    queryKey: [ADMIN_API.contactMessages, params],
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const data = list.data;

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div>
        <h2 className="text-xl font-bold text-slate-900">Contact messages</h2>
        <p className="mt-1 text-sm text-slate-600">
          What visitors sent through the contact page. The page promises a reply within two business
          days.
        </p>
      </div>
      <StatusFilter
        label="Messages by status"
        statuses={CONTACT_MESSAGE_STATUSES}
        labels={MESSAGE_STATUS_LABELS}
        counts={data?.counts}
        search={search}
      />
      <MessageFilters search={search} />
      <SavedViews list="messages" path="/admin/messages" search={search} />
      <ListStates
        query={list}
        what="the messages"
        noun={{ one: 'message', many: 'messages' }}
        isEmpty={(d) => d.messages.length === 0}
        isFiltered={isFiltered}
        clear={{ to: '/admin/messages', label: 'Show all messages' }}
        empty="No messages yet."
      >
        {(d) => (
          <>
            <MessageTable messages={d.messages} />
            <MessageCards messages={d.messages} />
            <Pager
              label="Message pages"
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
