/** Gives a component TanStack Query: the client of an enclosing provider, else the browser's one client. */
import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { browserQueryClient } from './query-client';

export function WithQueryClient({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={browserQueryClient()}>{children}</QueryClientProvider>;
}
