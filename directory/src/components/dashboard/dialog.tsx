/**
 * The admin screens' modal dialogs, on the browser's own <dialog>: showModal() makes the rest of the page
 * inert (focus stays inside), Escape and a click on the backdrop close it, and focus returns to where it was.
 * Not Radix's Dialog: its scroll lock injects an inline <style>, which the site's Content-Security-Policy
 * (style-src 'self') refuses.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { buttonClass, dangerButtonClass, primaryButtonClass } from './classes';

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'large',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** 'small' for a question, 'large' for a form, 'wide' for a picture. */
  size?: 'small' | 'large' | 'wide';
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has <dialog> without its modal API; the content is rendered either way.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(event) => {
        // Escape: the parent decides (it closes the dialog by setting open to false).
        event.preventDefault();
        onOpenChange(false);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className={`m-auto max-h-[90vh] w-[calc(100vw-2rem)] overflow-y-auto rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50 ${
        size === 'small' ? 'max-w-md' : size === 'wide' ? 'max-w-3xl' : 'max-w-lg'
      }`}
    >
      {open ? (
        <div className="p-5 sm:p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description ? (
            <p id={`${id}-description`} className="mt-2 text-sm text-slate-700">
              {description}
            </p>
          ) : null}
          <div className="mt-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

/** Asks before an action worth a second thought; the confirming button names what happens. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel = 'Working…',
  cancelLabel = 'Cancel',
  tone = 'danger',
  pending,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  /** "Keep it" where "Cancel" would read as the action itself (cancelling a job). */
  cancelLabel?: string;
  /** 'danger' for what is destroyed or stopped, 'primary' for what is only done again. */
  tone?: 'danger' | 'primary';
  pending: boolean;
  onConfirm: () => void;
  /** More to ask, such as an optional note, between the description and the buttons. */
  children?: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="small"
    >
      {children}
      <div
        className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${children ? 'mt-5' : ''}`}
      >
        <button type="button" className={buttonClass} onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? dangerButtonClass : primaryButtonClass}
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
