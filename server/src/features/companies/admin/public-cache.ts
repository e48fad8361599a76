/**
 * After a write the public directory must show: every cache of public reads empties, this process's at once
 * and every other server process's within about a second (db/cache-versions.ts, decision 018).
 */
import type { Request } from 'express';
import type { Knex } from 'knex';
import { SharedCaches } from '../../../db/cache-versions';

export async function clearPublicReads(_req: Pick<Request, 'app'>, db: Knex): Promise<void> {
  await SharedCaches.for(db).changed();
}
