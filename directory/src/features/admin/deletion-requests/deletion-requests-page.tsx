/**
 * Visitors' requests to delete their data (/admin/deletion-requests, issue 18): the open ones oldest first (a
 * queue), each with the address, when it was asked, the request it was asked from and how many requests the
 * address has. "Delete this person's data" (editors and owners) asks first, saying what goes, then deletes
 * every request the address made with what hangs from them and the e-mails that carried the person's details.
 * Done ones, newest first, keep the record: the masked address, who fulfilled it, when, and what went.
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ADMIN_API,
  ADMIN_DELETION_REQUESTS_PATH,
  adminDeletionRequestFulfilPath,
  DELETION_REQUEST_STATUSES,
  type AdminDeletionRequest,
  type AdminDeletionRequestList,
  type DeletionRequestStatus,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { plural } from '../../../lib/numbers';
import { adminWrite } from '../admin-request';
import { useMay } from '../use-admin-role';
import { Badge } from '../../../components/dashboard/badge';
import {
  cardClass,
  dangerButtonClass,
  errorBoxClass,
  linkClass,
} from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import {
  QueueList,
  QueueStatusNav,
  type QueueItems,
} from '../../../components/dashboard/decision-queue';
import { pick } from '../../../components/dashboard/url-params';

const TAB_LABELS: Record<DeletionRequestStatus, string> = { open: 'Open', done: 'Done' };
const EMPTY: Record<DeletionRequestStatus, string> = {
  open: 'No open deletion requests. Visitors ask from the link in their confirmation e-mail.',
  done: 'No request has been fulfilled yet.',
};

/** The API's page as the shared queue draws it. */
const asQueue = (list: AdminDeletionRequestList): QueueItems<AdminDeletionRequest> => ({
  items: list.requests,
  page: list.page,
  total: list.total,
  limit: list.pageSize,
});

const requests = (n: number) => plural(n, 'request', 'requests');
const mails = (n: number) => plural(n, 'e-mail', 'e-mails');

function RequestCard({
  request,
  mayFulfil,
  onFulfil,
}: {
  request: AdminDeletionRequest;
  mayFulfil: boolean;
  onFulfil: (request: AdminDeletionRequest) => void;
}) {
  const open = request.status === 'open';
  return (
    <li className={cardClass} aria-label={`Deletion request from ${request.email}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-all text-slate-900">{request.email}</h3>
          <p className="text-sm text-slate-600">
            Asked <DateTime iso={request.requestedAt} />
            {request.handledAt ? (
              <>
                {' · done '}
                <DateTime iso={request.handledAt} />
                {` by ${request.handledBy ?? 'an admin'}`}
              </>
            ) : null}
          </p>
        </div>
        <Badge tone={open ? 'warning' : 'success'}>{TAB_LABELS[request.status]}</Badge>
      </div>
      {open ? (
        <>
          <p className="mt-3 text-sm text-slate-800">
            {request.leadId !== null && request.leadPublicId !== null ? (
              <>
                <Link to={`/admin/leads/${request.leadId}`} className={linkClass}>
                  Request {request.leadPublicId}
                </Link>
                {' · '}
              </>
            ) : null}
            <span>{`${requests(request.leadsFound)} from this address`}</span>
          </p>
          {mayFulfil ? (
            <div className="mt-4 flex flex-wrap gap-2">
              <button
                type="button"
                className={`${dangerButtonClass} w-full sm:w-auto`}
                onClick={() => onFulfil(request)}
              >
                Delete this person&apos;s data
              </button>
            </div>
          ) : (
            <p className="mt-3 text-sm text-slate-600">Your role cannot delete data.</p>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm text-slate-800">
          {`${requests(request.leadsDeleted ?? 0)} and ${mails(request.mailsDeleted ?? 0)} deleted`}
        </p>
      )}
    </li>
  );
}

export function Component() {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const mayFulfil = useMay('POST /deletion-requests/:id/fulfil');
  const status: DeletionRequestStatus = search.get('status') === 'done' ? 'done' : 'open';
  const params = { ...pick(search, ['page']), status };
  const list = useQuery<AdminDeletionRequestList, Error, QueueItems<AdminDeletionRequest>>({
    queryKey: [ADMIN_DELETION_REQUESTS_PATH, params],
    select: asQueue,
    placeholderData: keepPreviousData,
  });
  // The Open tab's count, whichever tab is shown (the same query as the Open tab's first page).
  const waiting = useQuery<AdminDeletionRequestList>({
    queryKey: [ADMIN_DELETION_REQUESTS_PATH, { status: 'open' }],
  });
  const [fulfilling, setFulfilling] = useState<AdminDeletionRequest | null>(null);

  // The queue and the sidebar's count (which is not waited for).
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [ADMIN_API.waiting] });
    return queryClient.invalidateQueries({ queryKey: [ADMIN_DELETION_REQUESTS_PATH] });
  };
  const fulfil = useMutation({
    mutationFn: (request: AdminDeletionRequest) =>
      adminWrite<AdminDeletionRequest>('POST', adminDeletionRequestFulfilPath(request.id)),
    onSuccess: async (done) => {
      setFulfilling(null);
      toast({
        title: `Deleted: ${requests(done.leadsDeleted ?? 0)} and ${mails(done.mailsDeleted ?? 0)}`,
      });
      await refresh();
    },
    onError: async (error) => {
      // Fulfilled by someone else meanwhile, or gone: the list is out of date.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404))
        await refresh();
    },
  });
  const ask = (request: AdminDeletionRequest) => {
    fulfil.reset();
    setFulfilling(request);
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h2 className="text-xl font-bold text-slate-900">Deletion requests</h2>
      <p className="text-sm text-slate-700">
        Visitors who asked us to delete their data, from the link in their confirmation e-mail. The
        oldest wait first. Deleting removes every quote request the address made, with its consents,
        deliveries and analytics, and the e-mails sent to the person and to the movers.
      </p>
      <QueueStatusNav
        label="Deletion request status"
        statuses={DELETION_REQUEST_STATUSES}
        labels={TAB_LABELS}
        current={status}
        waiting="open"
        all={false}
        pending={waiting.data?.total}
      />
      <QueueList
        query={list}
        what="the deletion requests"
        noun={{ list: 'Deletion requests', one: 'Deletion request', many: 'deletion requests' }}
        waiting={status === 'open'}
        empty={EMPTY[status]}
        search={search}
      >
        {(request) => (
          <RequestCard key={request.id} request={request} mayFulfil={mayFulfil} onFulfil={ask} />
        )}
      </QueueList>
      <ConfirmDialog
        open={fulfilling !== null}
        onOpenChange={(open) => {
          if (!open) setFulfilling(null);
        }}
        title={`Delete the data of ${fulfilling?.email ?? 'this person'}?`}
        description={`This deletes their ${requests(fulfilling?.leadsFound ?? 0)}, the consents, the e-mails sent to them and to the movers; this cannot be undone.`}
        confirmLabel="Delete their data"
        pendingLabel="Deleting…"
        pending={fulfil.isPending}
        onConfirm={() => fulfilling && fulfil.mutate(fulfilling)}
      >
        {fulfil.isError ? (
          <p role="alert" className={errorBoxClass}>
            {failureText(fulfil.error)}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
