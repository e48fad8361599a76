/** Leads keep the state as the visitor typed or picked it ("IL", "Illinois", "illinois"): count them as one. */
import { findState } from '@moveratlas/contracts';

export interface StateCount {
  state: string | null;
  name: string;
  count: number;
}

export const UNKNOWN_STATE = 'Not given or unknown';

/** Merges per-spelling counts into per-state counts, most first; unreadable states count as one group. */
export function countByState(
  rows: ReadonlyArray<{ state: unknown; n: unknown }>,
  limit = Infinity,
): StateCount[] {
  const merged = new Map<string, StateCount>();
  for (const row of rows) {
    const state = typeof row.state === 'string' ? findState(row.state.trim()) : undefined;
    const key = state?.abbreviation ?? '';
    const entry = merged.get(key) ?? {
      state: state?.abbreviation ?? null,
      name: state?.name ?? UNKNOWN_STATE,
      count: 0,
    };
    entry.count += Number(row.n);
    merged.set(key, entry);
  }
  return [...merged.values()]
    .sort(
      (a, b) =>
        b.count - a.count ||
        Number(a.state === null) - Number(b.state === null) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, limit);
}
