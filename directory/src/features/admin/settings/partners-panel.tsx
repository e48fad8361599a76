/**
 * The partner sites: who may embed the quote widget (their origins are the CORS list) and whose site id a
 * lead is attributed to. Listed a page at a time by the server, searchable, filterable by state; added,
 * edited, deactivated (after a confirmation) and reactivated here.
 */
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isStaleWriteBody, type AdminPartner, type PartnerList } from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import { adminWrite } from '../admin-request';
import { Badge } from '../../../components/dashboard/badge';
import { buttonClass, inputClass, primaryButtonClass } from '../../../components/dashboard/classes';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { OffsetPager } from '../../../components/dashboard/pager';
import { SectionCard } from '../../../components/dashboard/section-card';
import { PartnerDialog, PARTNERS_PATH } from './partner-dialog';

const PAGE_SIZE = 10;

function PartnerCard({
  partner,
  onEdit,
  onDeactivate,
  onActivate,
}: {
  partner: AdminPartner;
  onEdit: () => void;
  onDeactivate: () => void;
  onActivate: () => void;
}) {
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {partner.name}{' '}
            {partner.isOwnSite ? (
              <span className="text-xs font-medium text-slate-600">(this directory)</span>
            ) : null}
          </p>
          <p className="text-sm break-all text-slate-600">
            Site id <code>{partner.siteId}</code>
          </p>
        </div>
        <Badge tone={partner.active ? 'success' : 'neutral'}>
          {partner.active ? 'Active' : 'Inactive'}
        </Badge>
      </div>
      <div className="mt-2 text-sm">
        <p className="font-medium text-slate-800">Allowed origins</p>
        {partner.allowedOrigins.length > 0 ? (
          <ul className="mt-1 space-y-0.5">
            {partner.allowedOrigins.map((origin) => (
              <li key={origin} className="font-mono text-xs break-all text-slate-700">
                {origin}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">
            {partner.isOwnSite ? 'Its own origin (PUBLIC_URL)' : 'None'}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass}
          onClick={onEdit}
          aria-label={`Edit ${partner.name}`}
        >
          Edit
        </button>
        {partner.isOwnSite ? null : partner.active ? (
          <button
            type="button"
            className={buttonClass}
            onClick={onDeactivate}
            aria-label={`Deactivate ${partner.name}`}
          >
            Deactivate
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass}
            onClick={onActivate}
            aria-label={`Activate ${partner.name}`}
          >
            Activate
          </button>
        )}
      </div>
    </li>
  );
}

export function PartnersPanel() {
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'' | 'true' | 'false'>('');
  const [editing, setEditing] = useState<AdminPartner | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<AdminPartner | null>(null);

  const params = { limit: PAGE_SIZE, offset, q: q || undefined, active: status || undefined };
  const query = useQuery<PartnerList>({
    queryKey: [PARTNERS_PATH, params],
    placeholderData: keepPreviousData,
  });

  const setActive = useMutation({
    mutationFn: ({ partner, active }: { partner: AdminPartner; active: boolean }) =>
      // With the version the list shows: an edit saved meanwhile is not overwritten (decision 028).
      adminWrite<AdminPartner>('PATCH', `${PARTNERS_PATH}/${partner.siteId}`, {
        active,
        version: partner.version,
      }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: [PARTNERS_PATH] });
      setDeactivating(null);
      toast({
        title: saved.active ? 'Partner activated' : 'Partner deactivated',
        description: saved.active
          ? `${saved.name} may embed the widget again.`
          : `${saved.name}'s origins no longer pass CORS.`,
      });
    },
    onError: async (error, { partner }) => {
      if (error instanceof ApiError && error.status === 409 && isStaleWriteBody(error.body)) {
        setDeactivating(null);
        await queryClient.invalidateQueries({ queryKey: [PARTNERS_PATH] });
        toast({
          title: `${partner.name} was changed by someone else`,
          description:
            'Nothing was changed. The list now shows the partner as saved; try again if you still want to.',
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Partner not changed',
        description: failureText(error),
        variant: 'destructive',
      });
    },
  });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setOffset(0);
    setQ(search.trim());
  };
  const total = query.data?.total ?? 0;

  return (
    <SectionCard
      id="partners"
      title="Partner sites"
      description="Sites that embed the quote widget. Their origins are the CORS list; changes apply at once."
      actions={
        <button type="button" className={primaryButtonClass} onClick={() => setEditing('new')}>
          Add partner
        </button>
      }
    >
      <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="partner-search" className="block text-sm font-medium text-slate-800">
            Search partners
          </label>
          <input
            id="partner-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name, site id or origin"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="partner-status" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id="partner-status"
            value={status}
            onChange={(e) => {
              setOffset(0);
              setStatus(e.target.value as typeof status);
            }}
            className={inputClass}
          >
            <option value="">All</option>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </select>
        </div>
        <button type="submit" className={buttonClass}>
          Search
        </button>
      </form>

      <div className="mt-4">
        {query.isPending ? (
          <Skeleton rows label="Loading partners" />
        ) : query.isError ? (
          <LoadFailure
            what="the partners"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.partners.length === 0 ? (
          <EmptyState>
            {q || status ? 'No partner matches these filters.' : 'No partner sites yet.'}
          </EmptyState>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Partner sites">
            {query.data.partners.map((partner) => (
              <PartnerCard
                key={partner.siteId}
                partner={partner}
                onEdit={() => setEditing(partner)}
                onDeactivate={() => setDeactivating(partner)}
                onActivate={() => setActive.mutate({ partner, active: true })}
              />
            ))}
          </ul>
        )}
      </div>

      <div className="mt-4">
        <OffsetPager
          label="Partner pages"
          offset={offset}
          limit={PAGE_SIZE}
          total={total}
          onOffsetChange={setOffset}
        />
      </div>

      {editing ? (
        <PartnerDialog
          key={editing === 'new' ? 'new' : editing.siteId}
          partner={editing === 'new' ? undefined : editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => {
          if (!open) setDeactivating(null);
        }}
        title={`Deactivate ${deactivating?.name ?? 'partner'}?`}
        description="Its pages can no longer load quotes through the widget, and leads naming its site id are refused. You can activate it again later."
        confirmLabel="Deactivate"
        pending={setActive.isPending}
        onConfirm={() => deactivating && setActive.mutate({ partner: deactivating, active: false })}
      />
    </SectionCard>
  );
}
