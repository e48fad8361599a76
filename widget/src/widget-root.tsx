/** One widget instance's React tree: its store and services, inline or as a modal dialog with a launcher. */
import { lazy, Suspense, useEffect } from 'react';
import type { WidgetMode } from '@moveratlas/contracts';
import { QuoteStoreContext, type QuoteStore } from './store';
import { LoadBoundary, NotLoaded } from './ui/load-boundary';
import { WidgetServicesContext, type WidgetServices } from './widget-context';
import { Wizard } from './wizard';

export interface WidgetRootProps {
  store: QuoteStore;
  services: WidgetServices;
  mode: WidgetMode;
  launcherLabel: string;
  /** Modal mode: the dialog is open from the start. */
  open?: boolean;
  onReady?: () => void;
}

const ModalShell = lazy(() => import('./modal-shell'));

/** Commits together with what it sits beside (same Suspense boundary): ready means that is on screen. */
function ReadySignal({ onReady }: { onReady?: (() => void) | undefined }) {
  useEffect(() => {
    onReady?.();
  }, [onReady]);
  return null;
}

export function WidgetRoot({
  store,
  services,
  mode,
  launcherLabel,
  open = false,
  onReady,
}: WidgetRootProps) {
  return (
    <WidgetServicesContext value={services}>
      <QuoteStoreContext value={store}>
        {mode === 'modal' ? (
          // The dialog's chunk did not load: the visitor reads why there is no button, not an empty box.
          <LoadBoundary fallback={() => <NotLoaded />}>
            <Suspense fallback={null}>
              <ModalShell launcherLabel={launcherLabel} initiallyOpen={open} />
              <ReadySignal onReady={onReady} />
            </Suspense>
          </LoadBoundary>
        ) : (
          <>
            <Wizard />
            <ReadySignal onReady={onReady} />
          </>
        )}
      </QuoteStoreContext>
    </WidgetServicesContext>
  );
}
