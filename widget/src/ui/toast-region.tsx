/**
 * The notification region (spec 9): one toast at a time, swipe right (50 px) to dismiss, F8 focuses the region.
 * It hangs from the top of the panel, over the title and progress, and once that top has scrolled away (a phone,
 * a long step, the modal sheet scrolled down) from the top of the screen, so a message is shown where the
 * visitor is (issue 15). It sits on a sticky anchor of no height: the panel's height (the host page's layout)
 * never moves. It reads the toaster's signal, so a toast re-renders this region only.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { TOAST_SWIPE_THRESHOLD_PX, type Toaster } from '../toaster';
import { useToaster } from '../widget-context';
import { Icon } from './icons';

/** Loaded lazily (the wizard renders it in its own Suspense boundary); the toaster it reads loads with it. */
export default function ToastRegion() {
  const lazyToaster = useToaster();
  const [toaster, setToaster] = useState<Toaster | null>(null);
  useEffect(() => {
    let live = true;
    void lazyToaster.load().then((loaded) => live && setToaster(loaded));
    return () => {
      live = false;
    };
  }, [lazyToaster]);
  return toaster ? <ToastView toaster={toaster} /> : null;
}

function ToastView({ toaster }: { toaster: Toaster }) {
  useSignals();
  const toast = toaster.current.value;
  const regionRef = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ x: number; id: number } | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8' && toaster.current.peek()) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toaster]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipe.current = { x: event.clientX, id: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    toaster.pause();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipe.current?.id === event.pointerId)
      setOffset(Math.max(0, event.clientX - swipe.current.x));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (swipe.current?.id !== event.pointerId) return;
    const dx = event.clientX - swipe.current.x;
    swipe.current = null;
    setOffset(0);
    if (dx >= TOAST_SWIPE_THRESHOLD_PX) toaster.dismiss();
    else toaster.resume();
  };

  return (
    // Sticky, of no height: it follows the top of the screen while the panel is on it.
    <div data-toast-anchor="" className="pointer-events-none sticky top-3 z-10 h-0">
      <div
        ref={regionRef}
        role="region"
        aria-label="Notifications (F8)"
        tabIndex={-1}
        className="absolute inset-x-0 top-0 flex flex-col items-end outline-none focus-visible:outline-2 focus-visible:outline-brand"
      >
        {toast ? (
          <div
            key={toast.id}
            role={toast.variant === 'destructive' ? 'alert' : 'status'}
            data-variant={toast.variant}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onMouseEnter={toaster.pause}
            onMouseLeave={toaster.resume}
            style={
              offset
                ? { transform: `translateX(${offset}px)`, opacity: 1 - offset / 200 }
                : undefined
            }
            className={
              'pointer-events-auto flex w-full max-w-sm touch-pan-y items-start gap-3 rounded-ma border p-4 shadow-lg ' +
              (toast.variant === 'destructive'
                ? 'border-red-700 bg-red-700 text-white'
                : 'border-slate-200 bg-white text-slate-900')
            }
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description ? <p className="text-sm">{toast.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => toaster.dismiss()}
              aria-label="Dismiss notification"
              className="-m-1 rounded p-1 focus-visible:outline-2 focus-visible:outline-current"
            >
              <Icon name="close" className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
