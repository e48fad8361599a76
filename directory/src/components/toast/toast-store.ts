/**
 * The site's notifications (spec 9): at most one at a time (a new one replaces it), shown 5 seconds. A tiny
 * store with no dependencies, so that every page can call `toast()` while the Radix region that draws them
 * (toast-region.tsx) is loaded only once the first one is raised.
 */
import { useSyncExternalStore } from 'react';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastInput {
  title: string;
  description?: string;
  /** destructive: a failure, announced assertively. */
  variant?: 'default' | 'destructive';
}

export interface ToastState extends ToastInput {
  id: number;
  /** False once dismissed: the region lets it animate out, then it stays unseen until the next one. */
  open: boolean;
}

let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastState | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows a notification, replacing any other. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  publish({ variant: 'default', ...input, id, open: true });
  return id;
}

/** Dismisses the notification `id` (or whatever is showing). */
export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id) && current.open)
    publish({ ...current, open: false });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useCurrentToast(): ToastState | null {
  // Nothing to show on the server: notifications follow what a visitor does.
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Tests only: forgets the current notification. */
export function resetToasts(): void {
  publish(null);
}
