/** One QueryClient per page load (and per server render), with the data-fetching rules of spec section 9. */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

/** Data stays fresh for five minutes. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Spec 8: query and mutation errors are logged to the console only.
    queryCache: new QueryCache({
      onError: (error, query) => console.error('Query failed', query.queryKey, error),
    }),
    mutationCache: new MutationCache({
      onError: (error) => console.error('Mutation failed', error),
    }),
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, retry: 1, staleTime: QUERY_STALE_TIME_MS },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one client, shared by the loaders' DirectoryData (app/lazy-directory-data.ts) and the
 * components that query, so that a page's data is fetched once. Created on first use, never on the server.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
