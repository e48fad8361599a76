/** The featured section's progressive loading, with TanStack Query: its own chunk (see featured-companies.tsx). */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Company } from '@moveratlas/contracts';
import { mergeCompanies } from '../../../lib/companies';
import { WithQueryClient } from '../../../lib/query-provider';
import {
  FEATURED_QUERY,
  PROGRESS_TOTAL,
  PROGRESSIVE_PAGES,
  type FeaturedState,
} from './featured-companies';

function usePage(page: (typeof PROGRESSIVE_PAGES)[number]) {
  return useQuery<Company[]>({
    queryKey: ['/api/companies', page],
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

/** Runs the progressive loading; `initialFeatured` is the server's list, so the first render matches it. */
export function useFeaturedCompanies(initialFeatured: Company[] | undefined): FeaturedState {
  const featured = useQuery<Company[]>({
    ...FEATURED_QUERY,
    ...(initialFeatured ? { initialData: initialFeatured, initialDataUpdatedAt: 0 } : {}),
  });
  // Four fixed pages: one useQuery each (hook order never changes), lighter than useQueries.
  const pages = [
    usePage(PROGRESSIVE_PAGES[0]),
    usePage(PROGRESSIVE_PAGES[1]),
    usePage(PROGRESSIVE_PAGES[2]),
    usePage(PROGRESSIVE_PAGES[3]),
  ];
  const companies = mergeCompanies(featured.data ?? [], ...pages.map((page) => page.data ?? []));
  const pending = featured.isPending || pages.some((page) => page.isPending);
  if (companies.length === 0) {
    if (featured.isError) {
      return { status: 'error', message: (featured.error as Error | null)?.message };
    }
    return pending ? { status: 'loading' } : { status: 'empty' };
  }
  return {
    status: 'list',
    companies,
    ...(pending ? { progress: { loaded: Math.min(companies.length, PROGRESS_TOTAL) } } : {}),
  };
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
