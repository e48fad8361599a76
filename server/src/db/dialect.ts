/**
 * Every SQLite-vs-MySQL difference lives here, so query modules never branch on the client.
 */
import type { Knex } from 'knex';
import { isSqlite } from './connection';

export interface Dialect {
  name: 'sqlite' | 'mysql';
  /** Inserts rows in chunks sized for the engine's bound-parameter limit. */
  batchInsert<T extends object>(
    trx: Knex | Knex.Transaction,
    table: string,
    rows: readonly T[],
  ): Promise<void>;
  /** Sizes of the user tables in bytes, where the engine reports them. */
  tableSizes(): Promise<Map<string, number>>;
}

export function dialectOf(db: Knex): Dialect {
  const sqlite = isSqlite(db);
  return {
    name: sqlite ? 'sqlite' : 'mysql',
    async batchInsert(trx, table, rows) {
      if (rows.length === 0) return;
      const columns = Object.keys(rows[0] as object).length;
      // MySQL allows 65535 bound parameters per statement. knex writes a multi-row SQLite insert as
      // SELECT … UNION ALL SELECT …, and SQLite refuses more than 500 terms in a compound SELECT.
      const chunk = sqlite ? 500 : Math.max(1, Math.floor(60000 / columns));
      for (let i = 0; i < rows.length; i += chunk) {
        await trx(table).insert(rows.slice(i, i + chunk));
      }
    },
    async tableSizes() {
      const sizes = new Map<string, number>();
      if (sqlite) {
        try {
          const rows = (await db.raw(
            'SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name',
          )) as Array<{ name: string; bytes: number }>;
          for (const row of rows) sizes.set(row.name, Number(row.bytes));
        } catch {
          // dbstat is a compile-time option; without it sizes are simply unknown.
        }
        return sizes;
      }
      const [rows] = (await db.raw(
        'SELECT table_name AS name, data_length + index_length AS bytes FROM information_schema.tables WHERE table_schema = DATABASE()',
      )) as [Array<{ name: string; bytes: number }>];
      for (const row of rows) sizes.set(row.name, Number(row.bytes));
      return sizes;
    },
  };
}
