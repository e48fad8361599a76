/**
 * The SQLite backup: SQLite's online backup API copies the database page by page into a temporary file
 * while the site keeps running. It runs on the pool's own connection, so the site's writes during the copy
 * land in the copy at once instead of restarting it; the result is one consistent snapshot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';

/** Pages copied per step; between steps the event loop (and the site's queries) runs. */
const PAGES_PER_STEP = 256;

export interface SqliteSnapshot {
  file: string;
  bytes: number;
  /** Removes the temporary file and its folder. */
  remove(): Promise<void>;
}

export async function snapshotSqlite(db: Knex): Promise<SqliteSnapshot> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'moveratlas-backup-'));
  const file = path.join(dir, 'snapshot.sqlite');
  const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    // Borrow the connection only to reach it: better-sqlite3 runs each statement synchronously, so the
    // site's queries and the backup's steps interleave safely, and holding the single pooled connection
    // for the whole copy would stall every request.
    const connection = (await db.client.acquireConnection()) as BetterSqlite3.Database;
    const backup = connection.backup(file, { progress: () => PAGES_PER_STEP });
    await db.client.releaseConnection(connection);
    await backup;
    // The live database is in WAL mode; the download is a single self-contained file.
    const Database = connection.constructor as typeof BetterSqlite3;
    const copy = new Database(file);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const { size } = await fs.promises.stat(file);
    return { file, bytes: size, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
