/**
 * Modal mode: a launcher button and a real dialog (showModal: focus trapped, the page behind inert, Escape
 * closes, focus back on the launcher), a full-screen sheet on phones. Its own chunk: inline embeds never load it.
 * With the `open` option the dialog is open from the start, for a host page whose own button was the launch.
 */
import { useEffect, useRef, useState } from 'react';
import { Wizard } from './wizard';
import { Icon } from './ui/icons';

export default function ModalShell({
  launcherLabel,
  initiallyOpen = false,
}: {
  launcherLabel: string;
  /** Open at once (the `open` option): the host page's own button was the launch. */
  initiallyOpen?: boolean;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(initiallyOpen);

  // The dialog opens on the step's heading, so a screen reader announces where the visitor is. Opened at
  // mount, it is shown here, as the launcher's click would have (a detached element cannot be shown).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    if (!dialog.open && dialog.isConnected) dialog.showModal();
    dialog.querySelector<HTMLElement>('h2')?.focus();
  }, [open]);

  // A full-screen sheet on phones follows the on-screen keyboard: the visual viewport's height and top, not
  // the layout viewport's (custom properties set through the CSSOM, which a strict CSP allows).
  useEffect(() => {
    const viewport = window.visualViewport;
    const dialog = dialogRef.current;
    if (!open || !viewport || !dialog) return;
    const follow = () => {
      dialog.style.setProperty('--ma-vvh', `${viewport.height}px`);
      dialog.style.setProperty('--ma-vvt', `${viewport.offsetTop}px`);
    };
    follow();
    viewport.addEventListener('resize', follow);
    viewport.addEventListener('scroll', follow);
    return () => {
      viewport.removeEventListener('resize', follow);
      viewport.removeEventListener('scroll', follow);
    };
  }, [open]);

  const close = () => dialogRef.current?.close();
  return (
    <>
      <button
        ref={launcherRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          // showModal makes the rest of the page inert, traps focus and closes on Escape.
          dialogRef.current?.showModal();
          setOpen(true);
        }}
        className="min-h-11 rounded-ma bg-brand px-5 py-2 font-semibold text-white shadow-sm hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        {launcherLabel}
      </button>
      <dialog
        ref={dialogRef}
        aria-label="Free moving quotes"
        className="ma-dialog"
        onClose={() => {
          setOpen(false);
          launcherRef.current?.focus();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        {open ? (
          <Wizard
            headerAction={
              <button
                type="button"
                onClick={close}
                aria-label="Close"
                className="-m-2 rounded p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand"
              >
                <Icon name="close" />
              </button>
            }
          />
        ) : null}
      </dialog>
    </>
  );
}
