/**
 * Runs a report's queries one after another, not all at once: an admin report then holds at most one pooled
 * connection, so opening the statistics never queues the public API behind it (MySQL's pool is small, and
 * SQLite runs one statement at a time anyway).
 */
export async function inTurn<const T extends ReadonlyArray<() => Promise<unknown>>>(
  ...tasks: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
