/**
 * The product's database, for what a browser cannot see (what a lead stored) and the rare record a test must
 * shape itself: read and written through the server's own DB layer (knex), so the specs run on whichever
 * engine E2E_DATABASE_URL names (a SQLite file by default, mysql://… for MariaDB), never with raw SQL of one.
 */
import type { Knex } from 'knex';
import { parseDatabaseUrl } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/connection';

export async function withProductDatabase<T>(work: (db: Knex) => Promise<T>): Promise<T> {
  const db = openDatabase(parseDatabaseUrl(process.env.E2E_DATABASE_URL));
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
