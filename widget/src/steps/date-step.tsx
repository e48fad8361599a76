/** Step 2: the moving date. */
import { useQuote, useQuoteActions } from '../store';
import { TextField } from '../ui/field';

function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "Friday, March 6, 2026" for a YYYY-MM-DD value, read in local time. */
export function longDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

export default function DateStep() {
  const movingDate = useQuote((s) => s.form.movingDate);
  const error = useQuote((s) => s.errors.movingDate);
  const { setField } = useQuoteActions();
  const readable = longDate(movingDate);
  return (
    <div className="space-y-2">
      <TextField
        label="Moving date"
        type="date"
        name="movingDate"
        min={todayIso()}
        value={movingDate}
        required
        error={error}
        hint={readable ? `You are moving on ${readable}.` : 'An approximate date is fine.'}
        onChange={(event) => setField('movingDate', event.currentTarget.value)}
      />
    </div>
  );
}
