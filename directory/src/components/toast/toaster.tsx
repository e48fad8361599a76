/**
 * The notification region of every page. Renders nothing (and loads no Radix code) until the first
 * notification; after that the region stays mounted, so F8 and screen readers find it.
 */
import { lazy, Suspense } from 'react';
import { useCurrentToast } from './toast-store';

const ToastRegion = lazy(() => import('./toast-region'));

export function Toaster() {
  const current = useCurrentToast();
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion current={current} />
    </Suspense>
  );
}
