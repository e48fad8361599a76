/**
 * Context every page renders inside. The server and the tests give each render its own TanStack Query
 * client; the browser gives none, so that TanStack Query stays out of the entry script: the pages that query
 * in components (the home page's featured section) fall back to the browser's one client (query-provider.tsx).
 */
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  return queryClient ? (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  ) : (
    children
  );
}
