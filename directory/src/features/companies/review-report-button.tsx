/**
 * "Report this review" under each review of a profile (issue 19). The dialog it opens
 * (review-report-dialog.tsx, with zod and Radix) is loaded on the first click, so the profile's first download
 * does not grow with it; a failed load says so beside the button.
 *
 * Without JavaScript there is no button at all, rather than one that does nothing: the server renders none
 * (and hydration matches that), and it appears once the page is interactive. A plain-HTML form per review
 * would put ten more forms into every profile page for a rare action; a visitor without scripts can still
 * reach our team through the contact page.
 */
import { useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import type { ReportedReview, ReviewReportDialog } from './review-report-dialog';

type DialogComponent = typeof ReviewReportDialog;

let dialogModule: Promise<{ ReviewReportDialog: DialogComponent }> | undefined;
/** The dialog's chunk, fetched once per page; a failed fetch may be tried again. */
function loadDialog() {
  dialogModule ??= import('./review-report-dialog').catch((error: unknown) => {
    dialogModule = undefined;
    throw error;
  });
  return dialogModule;
}

const noSubscription = () => () => undefined;

const linkButton =
  'inline-flex min-h-11 items-center text-sm font-medium text-slate-600 underline underline-offset-2 hover:text-slate-900 disabled:no-underline disabled:opacity-70';

export function ReviewReportButton({ review }: { review: ReportedReview }) {
  // False on the server and while hydrating, true once the page runs in a browser.
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [Dialog, setDialog] = useState<ComponentType<Parameters<DialogComponent>[0]> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [reported, setReported] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const note = useRef<HTMLParagraphElement>(null);
  if (!interactive) return null;

  const openDialog = () => {
    setLoadFailed(false);
    if (Dialog) {
      setOpen(true);
      return;
    }
    setLoading(true);
    loadDialog()
      .then((module) => {
        setDialog(() => module.ReviewReportDialog);
        setOpen(true);
      })
      .catch(() => setLoadFailed(true))
      .finally(() => setLoading(false));
  };

  return (
    <div className="mt-2">
      {reported ? (
        <p ref={note} tabIndex={-1} className="text-sm text-slate-600 focus:outline-none">
          <span aria-hidden="true">✓ </span>You reported this review. Thank you.
        </p>
      ) : (
        <button
          ref={button}
          type="button"
          onClick={openDialog}
          disabled={loading}
          aria-haspopup="dialog"
          aria-label={`Report this review: ${review.title}`}
          className={linkButton}
        >
          {loading ? 'Opening…' : 'Report this review'}
        </button>
      )}
      {loadFailed ? (
        <p role="alert" className="text-sm text-red-700">
          The report form could not be opened. Check your connection and try again.
        </p>
      ) : null}
      {Dialog ? (
        <Dialog
          review={review}
          open={open}
          onOpenChange={setOpen}
          onReported={() => setReported(true)}
          // Once reported, the button has given way to the note saying so.
          returnFocusTo={() => button.current ?? note.current}
        />
      ) : null}
    </div>
  );
}
