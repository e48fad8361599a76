/**
 * The toaster as step 1 sees it: `show` and `dispose` only. The real toaster (a signal) and its region load
 * with the first Continue's chunks, never in step 1's critical path (bundle budget, docs/decisions/005).
 */
import type { Toast, Toaster } from './toaster';

export interface LazyToaster {
  show(toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }): void;
  dispose(): void;
  /** The same promise every time: React's `use` reads it. */
  load(): Promise<Toaster>;
}

export function createLazyToaster(): LazyToaster {
  let real: Promise<Toaster> | undefined;
  let disposed = false;
  const load = () => (real ??= import('./toaster').then((m) => m.createToaster()));
  return {
    show(toast) {
      void load().then((toaster) => {
        if (!disposed) toaster.show(toast);
      });
    },
    dispose() {
      disposed = true;
      void real?.then((toaster) => toaster.dispose());
    },
    load,
  };
}
