/**
 * The answer of an admin bulk action: what was done per id, in words, and one sentence for the screen.
 * Shared by the bulk routes of companies, leads, reviews and SEO tasks (docs/decisions/029).
 */
import type { BulkResult, BulkRowResult } from '@moveratlas/contracts';

export interface BulkWords {
  /** "company", "companies". */
  one: string;
  many: string;
  /** What was done, as a past participle: "unlisted", "moved to Contacted". */
  done: string;
  /** Why a row was left as it was: "already unlisted". */
  unchanged: string;
}

const count = (n: number, words: BulkWords) => `${n} ${n === 1 ? words.one : words.many}`;

export function bulkResult(results: BulkRowResult[], words: BulkWords): BulkResult {
  const done = results.filter((r) => r.outcome === 'done').length;
  const unchanged = results.filter((r) => r.outcome === 'unchanged').length;
  const notFound = results.filter((r) => r.outcome === 'not_found').length;
  const parts = [`${count(done, words)} ${words.done}`];
  if (unchanged > 0)
    parts.push(`${unchanged} ${unchanged === 1 ? 'was' : 'were'} ${words.unchanged}`);
  if (notFound > 0)
    parts.push(`${notFound} ${notFound === 1 ? 'was' : 'were'} not found (deleted meanwhile?)`);
  return { results, done, unchanged, notFound, summary: `${parts.join('; ')}.` };
}

/** A row that is not there (any more). */
export const notFoundRow = (id: number, what: string): BulkRowResult => ({
  id,
  outcome: 'not_found',
  message: `No ${what} with id ${id}`,
  before: null,
  after: null,
});

/**
 * A bulk status change, row by row, before anything is written: each id not there, already at `to`
 * (unchanged), or to move from its status now (`moves`). `current` holds the status read for each id found.
 */
export function statusChanges<S extends string>(
  ids: readonly number[],
  current: ReadonlyMap<number, S>,
  to: S,
  labels: Readonly<Record<S, string>>,
  what: string,
): { results: BulkRowResult[]; moves: Array<{ id: number; from: S }> } {
  const results: BulkRowResult[] = [];
  const moves: Array<{ id: number; from: S }> = [];
  for (const id of ids) {
    const from = current.get(id);
    if (from === undefined) results.push(notFoundRow(id, what));
    else if (from === to)
      results.push({
        id,
        outcome: 'unchanged',
        message: `Already ${labels[to]}`,
        before: { status: from },
        after: { status: from },
      });
    else {
      moves.push({ id, from });
      results.push({
        id,
        outcome: 'done',
        message: `${labels[from]} → ${labels[to]}`,
        before: { status: from },
        after: { status: to },
      });
    }
  }
  return { results, moves };
}
