/** Step 2: the moving date, from today to 18 months ahead (contracts' move-date rule, checked again on Continue). */
import {
  MOVE_DATE_MONTHS_AHEAD,
  isoCalendarDate,
  localCalendarDate,
  moveDateWindow,
} from '@moveratlas/contracts';
import { useQuote, useQuoteActions } from '../store';
import { TextField } from '../ui/field';

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
  // The picker offers only the days Continue accepts; a typed day outside them gets the rule's message.
  const allowed = moveDateWindow(localCalendarDate(new Date()));
  return (
    <div className="space-y-2">
      <TextField
        label="Moving date"
        type="date"
        name="movingDate"
        min={isoCalendarDate(allowed.first)}
        max={isoCalendarDate(allowed.last)}
        value={movingDate}
        required
        error={error}
        hint={
          readable
            ? `You are moving on ${readable}.`
            : `An approximate date is fine, up to ${MOVE_DATE_MONTHS_AHEAD} months ahead.`
        }
        onChange={(event) => setField('movingDate', event.currentTarget.value)}
      />
    </div>
  );
}
