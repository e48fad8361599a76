/**
 * One contact message (/admin/messages/:id): what the visitor wrote, a reply link that opens the admin's
 * own mail program (replies are not sent from the site: docs/decisions/026), the status and the assignee, and
 * the trail of who changed what and when. Opening a message nobody has opened marks it read (a POST with the
 * CSRF token, once), which makes it Open and takes it off the unread count.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  ADMIN_API,
  CONTACT_MESSAGE_STATUSES,
  type AdminContactMessageDetail,
  type ContactMessageEvent,
  type ContactMessageStatus,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useSite } from '../../../lib/site';
import { adminWrite } from '../admin-request';
import { useAuthStatus } from '../admin-guard';
import { BackLink } from '../../../components/dashboard/breadcrumb';
import {
  buttonClass,
  cardClass,
  inputClass,
  primaryButtonClass,
} from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { failureText } from '../../../components/dashboard/failure-text';
import { Field } from '../../../components/dashboard/fields';
import { StatusForm } from '../../../components/dashboard/status-form';
import { RecordStates } from '../../../components/dashboard/load-states';
import { Panel } from '../../../components/dashboard/section-card';
import { MESSAGE_STATUS_LABELS, MessageStatusBadge, topicLabel } from './message-format';
import { Facts } from '../../../components/dashboard/facts';

type Detail = AdminContactMessageDetail;

/** A change's answer is the message as it now is: show it, and refresh the lists and the counts. */
function useMessageChange(id: number, what: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: string; body?: unknown }) =>
      adminWrite<Detail>('POST', `${ADMIN_API.contactMessages}/${id}/${action}`, body ?? {}),
    onSuccess: (updated) => {
      queryClient.setQueryData([`${ADMIN_API.contactMessages}/${id}`], updated);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_API.contactMessages] });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_API.contactMessageCounts] });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_API.waiting] });
    },
    onError: (error) =>
      toast({
        title: `${what} not changed`,
        description: failureText(error),
        variant: 'destructive',
      }),
  });
}

/** "Re: your message to MoverAtlas (ref AbC123)", to the visitor's address. */
function replyHref(detail: Detail, siteName: string): string {
  const subject = `Re: your message to ${siteName} (ref ${detail.message.publicId})`;
  return `mailto:${encodeURIComponent(detail.message.email)}?subject=${encodeURIComponent(subject)}`;
}

function MessageStatusForm({ detail }: { detail: Detail }) {
  const change = useMessageChange(detail.message.id, 'Status');
  return (
    <StatusForm
      statuses={CONTACT_MESSAGE_STATUSES}
      labels={MESSAGE_STATUS_LABELS}
      current={detail.message.status}
      pending={change.isPending}
      save={({ status }) =>
        change.mutateAsync({ action: 'status', body: { status } }).then((updated) =>
          toast({
            title: 'Status updated',
            description: `The message is now ${MESSAGE_STATUS_LABELS[updated.message.status]}.`,
          }),
        )
      }
    />
  );
}

function AssignForm({ detail }: { detail: Detail }) {
  const me = useAuthStatus().data?.username;
  const current = detail.message.assignee?.id ?? null;
  const [choice, setChoice] = useState<string>(current === null ? '' : String(current));
  const change = useMessageChange(detail.message.id, 'Assignment');
  const assign = (adminId: number | null) =>
    change.mutate(
      { action: 'assignee', body: { adminId } },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Assignment saved',
            description: updated.message.assignee
              ? `Assigned to ${updated.message.assignee.username}.`
              : 'Nobody is assigned now.',
          }),
      },
    );
  const myself = detail.admins.find((a) => a.username === me);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    assign(choice === '' ? null : Number(choice));
  };
  return (
    <form onSubmit={onSubmit} aria-label="Assign" className="space-y-3">
      <Field label="Assigned to">
        {(control) => (
          <select
            {...control}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            className={inputClass}
          >
            <option value="">Nobody</option>
            {detail.admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.username}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={change.isPending || choice === (current === null ? '' : String(current))}
          className={primaryButtonClass}
        >
          {change.isPending ? 'Saving…' : 'Save assignment'}
        </button>
        {myself && myself.id !== current ? (
          <button
            type="button"
            onClick={() => assign(myself.id)}
            disabled={change.isPending}
            className={buttonClass}
          >
            Assign to me
          </button>
        ) : null}
      </div>
    </form>
  );
}

const statusWord = (value: string | null) =>
  value && value in MESSAGE_STATUS_LABELS
    ? MESSAGE_STATUS_LABELS[value as ContactMessageStatus]
    : (value ?? '—');

/** One line of the trail, in words: "opened it (New → Open)". */
function eventText(event: ContactMessageEvent): string {
  switch (event.action) {
    case 'read':
      return 'opened it (New → Open)';
    case 'status':
      return `changed the status from ${statusWord(event.before)} to ${statusWord(event.after)}`;
    case 'assigned':
      return event.after === null
        ? `unassigned it${event.before ? ` (was ${event.before})` : ''}`
        : `assigned it to ${event.after}${event.before ? ` (was ${event.before})` : ''}`;
  }
}

function Trail({ events }: { events: ContactMessageEvent[] }) {
  return (
    <Panel title="History">
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">Nobody has changed this message yet.</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {events.map((event) => (
            <li key={event.id} className="text-slate-800">
              <span className="font-medium">{event.actor}</span> {eventText(event)}
              <div className="text-xs text-slate-600">
                <DateTime iso={event.at} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function MessageView({ detail }: { detail: Detail }) {
  const site = useSite();
  const { message } = detail;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="space-y-4">
        <section aria-labelledby="message-heading" className={cardClass}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 id="message-heading" className="text-xl font-bold break-words text-slate-900">
              {message.name}
            </h2>
            <MessageStatusBadge status={message.status} />
          </div>
          <Facts
            items={[
              ['E-mail', message.email],
              ['Topic', topicLabel(message.topic)],
              ['Received', <DateTime iso={message.receivedAt} />],
              ['Reference', <span className="font-mono">{message.publicId}</span>],
            ]}
          />
          <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm break-words whitespace-pre-wrap text-slate-900">
            {message.message}
          </div>
          <div className="mt-4 space-y-1">
            <a href={replyHref(detail, site.siteName)} className={primaryButtonClass}>
              Reply by e-mail
            </a>
            <p className="text-xs text-slate-600">
              Opens your own mail program with the subject filled in. Replies are not sent from the
              site: set the status to Replied once you have sent yours.
            </p>
          </div>
        </section>
        <section className={cardClass}>
          <details>
            <summary className="cursor-pointer text-base font-semibold text-slate-900">
              Sent from
            </summary>
            <div className="mt-3">
              <Facts
                items={[
                  ['IP address', message.ipAddress],
                  ['Browser', message.userAgent],
                ]}
              />
            </div>
          </details>
        </section>
      </div>
      <div className="space-y-4">
        <Panel title="Status">
          <MessageStatusForm key={`status-${message.status}`} detail={detail} />
        </Panel>
        <Panel title="Assignment">
          <AssignForm key={`assignee-${message.assignee?.id ?? 'nobody'}`} detail={detail} />
        </Panel>
        <Trail events={detail.events} />
      </div>
    </div>
  );
}

/** Marks a new message read once, when it is first shown on this screen. */
function useMarkRead(detail: Detail | undefined) {
  const change = useMessageChange(detail?.message.id ?? 0, 'Read mark');
  const sentFor = useRef<number | null>(null);
  const { mutate } = change;
  useEffect(() => {
    if (!detail || detail.message.status !== 'new' || sentFor.current === detail.message.id) return;
    sentFor.current = detail.message.id;
    mutate({ action: 'read' });
  }, [detail, mutate]);
}

export function Component() {
  const { id = '' } = useParams();
  const path = `${ADMIN_API.contactMessages}/${id}`;
  const query = useQuery<Detail>({
    queryKey: [path],
    staleTime: 10_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
  useMarkRead(query.data);
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <BackLink to="/admin/messages">← All messages</BackLink>
      <RecordStates query={query} what="this message" notFound="Message not found" blocks={3}>
        {(detail) => <MessageView detail={detail} />}
      </RecordStates>
    </div>
  );
}
