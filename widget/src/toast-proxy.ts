/**
 * The toaster as step 1 sees it: `show`, `dismiss` and `dispose`. The real toaster (a signal) and its region
 * load with the first Continue's chunks, never in step 1's critical path (bundle budget, docs/decisions/005).
 * A dismissal also cancels a toast asked for before it that is still waiting for that chunk: a message whose
 * error was fixed, or whose step was left, in the meantime must not appear after all (issue 15).
 */
import type { Toast, Toaster } from './toaster';

export interface LazyToaster {
  show(toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }): void;
  /** Removes the toast shown (with a key, only that toast) and any asked for before and not yet shown. */
  dismiss(key?: string): void;
  dispose(): void;
  /** The same promise every time: React's `use` reads it. */
  load(): Promise<Toaster>;
}

export function createLazyToaster(): LazyToaster {
  let real: Promise<Toaster> | undefined;
  let disposed = false;
  // Every show gets a number; a dismissal cancels the shows numbered up to it (all of them, or one key's).
  let asked = 0;
  let cancelledAll = 0;
  const cancelledByKey = new Map<string, number>();
  const cancelled = (number: number, key: string | undefined) =>
    number <= cancelledAll || (key !== undefined && number <= (cancelledByKey.get(key) ?? 0));
  const load = () => (real ??= import('./toaster').then((m) => m.createToaster()));
  return {
    show(toast) {
      const number = ++asked;
      void load().then((toaster) => {
        if (!disposed && !cancelled(number, toast.key)) toaster.show(toast);
      });
    },
    dismiss(key) {
      if (key === undefined) cancelledAll = asked;
      else cancelledByKey.set(key, asked);
      void real?.then((toaster) => toaster.dismiss(key));
    },
    dispose() {
      disposed = true;
      void real?.then((toaster) => toaster.dispose());
    },
    load,
  };
}
