/** Carries the DirectoryData implementation to every loader as the router's `context`, on server and client alike. */
import { createContext, RouterContextProvider } from 'react-router-dom';
import type { DirectoryData } from '@moveratlas/contracts';

const directoryDataKey = createContext<DirectoryData>();

export function createRouterContext(data: DirectoryData): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(directoryDataKey, data);
  return context;
}

/** The DirectoryData in a loader's `context` argument. */
export function directoryData(context: unknown): DirectoryData {
  if (
    context === null ||
    typeof context !== 'object' ||
    typeof (context as Partial<RouterContextProvider>).get !== 'function'
  ) {
    throw new Error('The router was created without the directory data context');
  }
  return (context as RouterContextProvider).get(directoryDataKey);
}
