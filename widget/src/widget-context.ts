/** What the components of one widget instance share besides the store: the API client and the toaster. */
import { createContext, useContext } from 'react';
import type { WidgetApi } from './api';
import type { LazyToaster } from './toast-proxy';

export interface WidgetServices {
  api: WidgetApi;
  toaster: LazyToaster;
}

export const WidgetServicesContext = createContext<WidgetServices | null>(null);

function useServices(): WidgetServices {
  const services = useContext(WidgetServicesContext);
  if (!services) throw new Error('Widget components need a WidgetServicesContext provider');
  return services;
}

export const useWidgetApi = () => useServices().api;
export const useToaster = () => useServices().toaster;
