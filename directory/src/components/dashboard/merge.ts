/**
 * A merge after a 409 (docs/decisions/028): the form knows the record as it was loaded (the baseline), what
 * the person typed (mine) and the record as someone else saved it since (theirs). Someone else changed a field
 * when theirs differs from the baseline; only those are asked about, and only where mine differs from
 * theirs. What only this person changed is kept without asking.
 */
export interface MergeField<K extends string> {
  field: K;
  label: string;
  /** Whether this person changed the field too (then theirs and mine are both edits). */
  bothChanged: boolean;
}

export type MergeChoice = 'mine' | 'theirs';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields someone else changed that this person's values disagree with, in the labels' order. */
export function conflictingFields<T extends object, K extends keyof T & string>(
  baseline: T,
  mine: T,
  theirs: T,
  labels: Readonly<Partial<Record<K, string>>>,
): Array<MergeField<K>> {
  return (Object.keys(labels) as K[])
    .filter((field) => !same(theirs[field], baseline[field]) && !same(mine[field], theirs[field]))
    .map((field) => ({
      field,
      label: labels[field] ?? field,
      bothChanged: !same(mine[field], baseline[field]),
    }));
}

/** What the person keeps by default: their own edit where they made one, else the other's. */
export const defaultChoice = (field: MergeField<string>): MergeChoice =>
  field.bothChanged ? 'mine' : 'theirs';

/**
 * The merged values: theirs, with this person's own changes on top — every field only they changed, and each
 * conflicting field they chose to keep.
 */
export function mergedValues<T extends object>(
  baseline: T,
  mine: T,
  theirs: T,
  choices: Readonly<Record<string, MergeChoice>>,
): T {
  const [base, own, other] = [baseline, mine, theirs] as Array<Record<string, unknown>>;
  const merged: Record<string, unknown> = { ...other };
  for (const field of Object.keys(own!)) {
    const theyChanged = !same(other![field], base![field]);
    const iChanged = !same(own![field], base![field]);
    if (theyChanged ? choices[field] === 'mine' : iChanged) merged[field] = own![field];
  }
  return merged as T;
}
