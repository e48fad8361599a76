/**
 * The merge after a 409 (docs/decisions/028): each field someone else changed while this person was
 * editing, with their value and this person's, to keep one or the other per field; then save again onto
 * the version saved now. The panel takes the keyboard when it appears, so a screen reader hears why the
 * save did not go through.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { buttonClass, primaryButtonClass } from './classes';
import type { MergeChoice, MergeField } from './merge';

export function MergePanel<K extends string>({
  what,
  savedBy,
  fields,
  show,
  choices,
  onChoose,
  onSave,
  onTakeTheirs,
  pending,
}: {
  /** "this company", "the site settings". */
  what: string;
  /** "Saved Nov 27, 2026, 6:40 AM" or "Saved by ana at …", when known. */
  savedBy?: ReactNode;
  fields: ReadonlyArray<MergeField<K>>;
  /** A field's value as people read it. */
  show: (field: K, side: MergeChoice) => ReactNode;
  choices: Readonly<Record<string, MergeChoice>>;
  onChoose: (field: K, choice: MergeChoice) => void;
  /** Saves the chosen values onto the version saved now. */
  onSave: () => void;
  /** Drops this person's edits: the form shows the record as saved now. */
  onTakeTheirs: () => void;
  pending: boolean;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-xl border-2 border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <div>
        <h3
          id={`${id}-heading`}
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-amber-950 focus:outline-none"
        >
          Someone else saved {what} while you were editing
        </h3>
        <p className="mt-1 text-sm text-amber-950">
          Your changes are not saved yet, and nothing of theirs was overwritten.{' '}
          {fields.length === 0
            ? 'None of their changes touch what you changed: save again to add yours.'
            : `Choose, for each field they changed, which value to keep. Everything else you changed is kept.`}{' '}
          {savedBy}
        </p>
      </div>
      {fields.length > 0 ? (
        <ul className="space-y-3">
          {fields.map((field) => (
            <li key={field.field}>
              <fieldset className="rounded-lg border border-amber-200 bg-white p-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">{field.label}</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {(['theirs', 'mine'] as const).map((side) => (
                    <label
                      key={side}
                      className="flex min-h-10 cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-sm text-slate-800 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
                    >
                      <input
                        type="radio"
                        name={`${id}-${field.field}`}
                        value={side}
                        checked={choices[field.field] === side}
                        onChange={() => onChoose(field.field, side)}
                        className="mt-0.5 h-4 w-4"
                      />
                      <span className="min-w-0">
                        <span className="block font-medium">
                          {side === 'theirs' ? 'Keep their value' : 'Keep yours'}
                        </span>
                        <span className="block break-words text-slate-700">
                          {show(field.field, side)}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass} onClick={onTakeTheirs} disabled={pending}>
          Drop my changes, show theirs
        </button>
        <button type="button" className={primaryButtonClass} onClick={onSave} disabled={pending}>
          {pending ? 'Saving…' : 'Save with these choices'}
        </button>
      </div>
    </section>
  );
}

/** A value as the panel shows it: empty text and empty lists in words, never a blank. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ');
  const text = String(value).trim();
  return text === '' ? '(empty)' : text;
}
