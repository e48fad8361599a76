/** The featured section's live loading, with TanStack Query: its own chunk (see featured-companies.tsx). */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Company } from '@moveratlas/contracts';
import { loadFailureMessage } from '../../../lib/api-client';
import { mergeCompanies } from '../../../lib/companies';
import { WithQueryClient } from '../../../lib/query-provider';
import { FEATURED_QUERY, type FeaturedState } from './featured-companies';

/** Runs the loading; `initialFeatured` is the server's list, so the first render matches it. */
export function useFeaturedCompanies(initialFeatured: Company[] | undefined): FeaturedState {
  const featured = useQuery<Company[]>({
    ...FEATURED_QUERY,
    ...(initialFeatured ? { initialData: initialFeatured, initialDataUpdatedAt: 0 } : {}),
  });
  if (featured.isPending) return { status: 'loading' };
  const companies = mergeCompanies(featured.data ?? []);
  if (companies.length > 0) return { status: 'list', companies };
  if (featured.isError) {
    return { status: 'error', message: loadFailureMessage(featured.error) };
  }
  return { status: 'empty' };
}

interface LiveProps {
  initialFeatured?: Company[];
  /** Receives the section's state after every change; the section renders it. */
  onState: (state: FeaturedState) => void;
}

function LiveFeaturedCompanies({ initialFeatured, onState }: LiveProps) {
  const state = useFeaturedCompanies(initialFeatured);
  useEffect(() => onState(state), [state, onState]);
  return null;
}

/** Runs the loading and reports its state; renders nothing itself. */
export default function FeaturedCompaniesLive(props: LiveProps) {
  return (
    <WithQueryClient>
      <LiveFeaturedCompanies {...props} />
    </WithQueryClient>
  );
}
