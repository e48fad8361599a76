/**
 * Modal mode: a launcher button and a real dialog (showModal: focus trapped, the page behind inert, Escape
 * closes, focus back on the launcher), a full-screen sheet on phones. Its own chunk: inline embeds never load it.
 */
import { useEffect, useRef, useState } from 'react';
import { Wizard } from './wizard';
import { Icon } from './ui/icons';

export default function ModalShell({ launcherLabel }: { launcherLabel: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  // A full-screen sheet on phones follows the on-screen keyboard: the visual viewport's height, not the layout's.
  useEffect(() => {
    const viewport = window.visualViewport;
    const dialog = dialogRef.current;
    if (!open || !viewport || !dialog) return;
    const follow = () => dialog.style.setProperty('--ma-vvh', `${viewport.height}px`);
    follow();
    viewport.addEventListener('resize', follow);
    return () => viewport.removeEventListener('resize', follow);
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
