/**
 * Timestamps as the two engines hand them back: SQLite's CURRENT_TIMESTAMP text and MySQL's DATETIME text
 * (dateStrings) are both UTC "YYYY-MM-DD HH:MM:SS"; knex writes a JS Date to SQLite as epoch milliseconds.
 */
export function sqlTimestampToIso(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || /^\d+$/.test(value))
    return new Date(Number(value)).toISOString();
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)/.exec(value);
  if (match) return new Date(`${match[1]}T${match[2]}Z`).toISOString();
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString();
}
