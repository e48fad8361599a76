/**
 * The 409 of a save based on an old version of a record (docs/decisions/028), one shape for every versioned
 * admin form (companies, site settings, partners): the record as saved now, and each field whose saved value
 * differs from the one sent, with its label, so the client can show a merge rather than a bare refusal.
 */
import { sameValue, type ChangedField } from '@moveratlas/contracts';
import { HttpError } from '../http-error';

/**
 * The fields `sent` sets to something other than `saved`; fields the request left out (undefined) are not
 * compared, and `equal` may say two spellings of one value are alike (a city's case).
 */
export function changedFields<K extends string>(
  sent: Partial<Record<K, unknown>>,
  saved: object,
  labels: Readonly<Record<K, string>>,
  equal: (field: K, a: unknown, b: unknown) => boolean = (_f, a, b) => sameValue(a, b),
): ChangedField[] {
  const changed: ChangedField[] = [];
  for (const field of Object.keys(labels) as K[]) {
    const yours = sent[field];
    if (yours === undefined) continue;
    const theirs = (saved as Partial<Record<K, unknown>>)[field];
    if (!equal(field, yours, theirs)) changed.push({ field, label: labels[field], yours, theirs });
  }
  return changed;
}

/** The 409: nothing of this request was written; `current` is the record to merge onto. */
export function staleWrite(what: string, current: unknown, changed: ChangedField[]): HttpError {
  const fields =
    changed.length === 0
      ? 'None of the fields you sent differ from theirs'
      : `${changed.length === 1 ? 'One field differs' : `${changed.length} fields differ`} from what you sent`;
  return new HttpError(
    409,
    `Someone else saved ${what} while you were editing it, so your changes were not saved. ${fields}: choose which values to keep and save again.`,
    {},
    { current, changed },
  );
}
