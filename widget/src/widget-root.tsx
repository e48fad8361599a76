/** One widget instance's React tree: its store and services, inline or as a modal dialog with a launcher. */
import { lazy, Suspense, useEffect } from 'react';
import type { WidgetMode } from '@moveratlas/contracts';
import { QuoteStoreContext, type QuoteStore } from './store';
import { WidgetServicesContext, type WidgetServices } from './widget-context';
import { Wizard } from './wizard';

export interface WidgetRootProps {
  store: QuoteStore;
  services: WidgetServices;
  mode: WidgetMode;
  launcherLabel: string;
  onReady?: () => void;
}

const ModalShell = lazy(() => import('./modal-shell'));

export function WidgetRoot({ store, services, mode, launcherLabel, onReady }: WidgetRootProps) {
  useEffect(() => {
    onReady?.();
  }, [onReady]);
  return (
    <WidgetServicesContext value={services}>
      <QuoteStoreContext value={store}>
        {mode === 'modal' ? (
          <Suspense fallback={null}>
            <ModalShell launcherLabel={launcherLabel} />
          </Suspense>
        ) : (
          <Wizard />
        )}
      </QuoteStoreContext>
    </WidgetServicesContext>
  );
}
