/**
 * Steps 2 to 7 load on demand, each its own chunk; the next step is fetched while the visitor fills this one.
 * A step whose chunk failed is made anew on retry: React keeps a lazy component's failure for good.
 */
import { lazy, type ComponentType } from 'react';

type StepModule = { default: ComponentType };

const LOADERS: Record<2 | 3 | 4 | 5 | 6 | 7, () => Promise<StepModule>> = {
  2: () => import('./date-step'),
  3: () => import('./route-step'),
  4: () => import('./contact-step'),
  5: () => import('./companies-step'),
  6: () => import('./auto-step'),
  7: () => import('./success-step'),
};

export const LAZY_STEPS = Object.fromEntries(
  Object.entries(LOADERS).map(([step, load]) => [step, lazy(load)]),
) as unknown as Record<keyof typeof LOADERS, ComponentType>;

/** A fresh lazy component for a step whose chunk did not load, so "Try again" fetches it again. */
export function renewStep(step: number): void {
  const load = LOADERS[step as keyof typeof LOADERS];
  if (load) LAZY_STEPS[step as keyof typeof LOADERS] = lazy(load);
}

export function prefetchStep(step: number): void {
  const load = LOADERS[step as keyof typeof LOADERS];
  if (load) void load().catch(() => undefined);
}
