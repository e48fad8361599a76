/** "Restored your unsaved changes from …": said when a form opens with a draft, with a way to drop it. */
import { formatDateTime } from '../../../components/dashboard/date-time';
import { buttonClass } from '../../../components/dashboard/classes';

export function DraftNotice({
  restoredAt,
  onDiscard,
}: {
  restoredAt: string | null;
  onDiscard: () => void;
}) {
  if (!restoredAt) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p>
        Restored your unsaved changes from{' '}
        <time dateTime={restoredAt}>{formatDateTime(restoredAt)}</time>. They are not saved yet.
      </p>
      <button type="button" className={buttonClass} onClick={onDiscard}>
        Discard
      </button>
    </div>
  );
}
