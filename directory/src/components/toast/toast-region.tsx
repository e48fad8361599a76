/**
 * Draws the current notification with Radix Toast: an aria-live region, swipe right (50 px) to dismiss,
 * F8 to focus the region, a close button, and a pause while hovered or focused. Loaded lazily by Toaster.
 */
import * as Toast from '@radix-ui/react-toast';
import { CloseIcon } from '../icons';
import {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastState,
} from './toast-store';

export default function ToastRegion({ current }: { current: ToastState | null }) {
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {current ? (
        <Toast.Root
          key={current.id}
          open={current.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          // Failures interrupt a screen reader; other notices wait their turn.
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={current.variant}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[state=closed]:hidden data-[swipe=end]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
            current.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title>
            {current.description ? (
              <Toast.Description className="text-sm opacity-90">
                {current.description}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <CloseIcon className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport
        label="Notifications ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none focus-visible:outline-2 focus-visible:outline-blue-700 sm:right-2 sm:bottom-2"
      />
    </Toast.Provider>
  );
}
