/**
 * Toasts (spec 9): at most one at a time, shown 5 s unless dismissed. Held in a signal so that showing or
 * hiding a toast re-renders the toast region only, never the wizard around it.
 */
import { signal, type Signal } from '@preact/signals-react';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface Toast {
  id: number;
  /** What the toast is about ('validation', 'submit'): a dismissal can name the one it ends. */
  key?: string;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

export interface Toaster {
  current: Signal<Toast | null>;
  show(toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }): void;
  /** Removes the toast on screen; with a key, only if it is that toast. */
  dismiss(key?: string): void;
  /** Holds the 5 s timer while the pointer or focus is on the toast. */
  pause(): void;
  resume(): void;
  dispose(): void;
}

export function createToaster(durationMs = TOAST_DURATION_MS): Toaster {
  const current = signal<Toast | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const arm = () => {
    clear();
    timer = setTimeout(() => (current.value = null), durationMs);
  };
  return {
    current,
    show(toast) {
      current.value = { variant: 'default', ...toast, id: nextId++ };
      arm();
    },
    dismiss(key) {
      if (key !== undefined && current.value?.key !== key) return;
      clear();
      current.value = null;
    },
    pause: clear,
    resume() {
      if (current.value) arm();
    },
    dispose: clear,
  };
}
