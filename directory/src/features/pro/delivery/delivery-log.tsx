/**
 * The delivery log: every lead's e-mail and webhook delivery, newest first, filtered by channel and status
 * and paged by the server. The filters and the page are in the URL, as on the leads inbox, so a view can be
 * bookmarked and reached again with Back. Owners send a finished delivery again from its row.
 */
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  DELIVERY_STATUS_LABELS,
  proDeliveriesPath,
  proRedeliverPath,
  proWebhookPath,
  type ProCompany,
  type ProDelivery,
  type ProDeliveryList,
} from '@moveratlas/contracts';
import { buttonClass, cardClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { FormFailure } from '../../../components/dashboard/fields';
import { FilterSelect, formParams } from '../../../components/dashboard/list-filters';
import { ListStates } from '../../../components/dashboard/load-states';
import { Pager } from '../../../components/dashboard/pager';
import { pageParam } from '../../../components/dashboard/url-params';
import { toast } from '../../../components/toast/toast-store';
import { proScreenPath } from '../pro-paths';
import { proWrite } from '../pro-request';
import { DeliveryCards, DeliveryTable } from './delivery-rows';

const FILTERS = ['channel', 'status'] as const;

/** A parameter's value when it is one the API knows; a hand-edited URL then lists everything, not a 400. */
const known = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/**
 * The channel and status to filter by. Not FilterForm: its search box sends ?q=, which this list does not
 * have (the API refuses parameters it does not know).
 */
function DeliveryFilters({ search, clearTo }: { search: URLSearchParams; clearTo: string }) {
  const [, setSearch] = useSearchParams();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A new filter starts from the first page.
    setSearch(formParams(event.currentTarget, FILTERS));
  };
  return (
    <form
      role="search"
      aria-label="Filter the delivery log"
      onSubmit={onSubmit}
      // Re-read from the URL whenever it changes (Back, Clear filters).
      key={search.toString()}
      className={cardClass}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FilterSelect
          label="Channel"
          name="channel"
          anyLabel="All"
          value={search.get('channel') ?? ''}
          options={DELIVERY_CHANNELS.map((c) => ({ value: c, label: DELIVERY_CHANNEL_LABELS[c] }))}
        />
        <FilterSelect
          label="Status"
          name="status"
          anyLabel="All"
          value={search.get('status') ?? ''}
          options={DELIVERY_STATUSES.map((s) => ({ value: s, label: DELIVERY_STATUS_LABELS[s] }))}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass}>
          Apply filters
        </button>
        <Link to={clearTo} className={buttonClass}>
          Clear filters
        </Link>
      </div>
    </form>
  );
}

export function DeliveryLog({ company }: { company: ProCompany }) {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const path = proDeliveriesPath(company.id);
  const channel = known(DELIVERY_CHANNELS, search.get('channel'));
  const status = known(DELIVERY_STATUSES, search.get('status'));
  const page = pageParam(search);
  const params: Record<string, string> = {
    ...(channel ? { channel } : {}),
    ...(status ? { status } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  };
  const list = useQuery<ProDeliveryList>({
    queryKey: [path, params],
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const screenPath = proScreenPath(company.id, 'delivery');

  const [resending, setResending] = useState<ProDelivery | null>(null);
  const resend = useMutation({
    mutationFn: (delivery: ProDelivery) =>
      proWrite<{ queued: true }>('POST', proRedeliverPath(company.id, delivery.id)),
    onSuccess: () => {
      setResending(null);
      toast({ title: 'Sent again: it is in the queue' });
      void queryClient.invalidateQueries({ queryKey: [path] });
      void queryClient.invalidateQueries({ queryKey: [proWebhookPath(company.id)] });
    },
  });
  const onResend =
    company.role === 'owner'
      ? (delivery: ProDelivery) => {
          resend.reset();
          setResending(delivery);
        }
      : undefined;

  return (
    <section aria-labelledby="delivery-log-title" className="space-y-4">
      <div>
        <h2 id="delivery-log-title" className="text-xl font-bold text-slate-900">
          Delivery log
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every lead&apos;s e-mail and webhook delivery, newest first.
        </p>
      </div>
      <DeliveryFilters search={search} clearTo={screenPath} />
      <ListStates
        query={list}
        what="the delivery log"
        noun={{ one: 'delivery', many: 'deliveries' }}
        isEmpty={(data) => data.deliveries.length === 0}
        isFiltered={channel !== undefined || status !== undefined}
        clear={{ to: screenPath, label: 'Clear the filters' }}
        empty="No leads delivered yet."
      >
        {(data) => (
          <>
            <DeliveryTable
              deliveries={data.deliveries}
              companyId={company.id}
              onResend={onResend}
            />
            <DeliveryCards
              deliveries={data.deliveries}
              companyId={company.id}
              onResend={onResend}
            />
            <Pager
              label="Delivery log pages"
              page={data.page}
              pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
              search={search}
              previousLabel="Newer"
              nextLabel="Older"
            />
          </>
        )}
      </ListStates>
      <ConfirmDialog
        open={resending !== null}
        onOpenChange={(open) => {
          if (!open) setResending(null);
        }}
        title="Send this lead again?"
        description={
          resending?.channel === 'email'
            ? `We e-mail the lead of ${resending.customerName} again to the people chosen on Notifications.`
            : `We send the lead of ${resending?.customerName ?? 'this customer'} to your webhook again. We send it with the same idempotency key, so your system can tell it is the same lead.`
        }
        confirmLabel="Send again"
        pendingLabel="Sending…"
        tone="primary"
        pending={resend.isPending}
        onConfirm={() => resending && resend.mutate(resending)}
      >
        {resend.isError ? <FormFailure message={failureText(resend.error)} /> : null}
      </ConfirmDialog>
    </section>
  );
}
