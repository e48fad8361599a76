/** The dates of the FMCSA files we hold, for the pages that say which files they read ("Check a mover"). */
import type { Knex } from 'knex';
import type { LicensingFileDates } from '@moveratlas/contracts';
import { TtlCache } from '../../../lib/ttl-cache';
import { newestCensusDate } from '../carrier-facts';

// Kept a minute, or until an import ends (it moves the public generation), as the census date is.
const revocationDates = new WeakMap<Knex, TtlCache<string | null>>();

async function newestRevocationsDate(db: Knex): Promise<string | null> {
  let cache = revocationDates.get(db);
  if (!cache) {
    cache = new TtlCache<string | null>(60_000, { followsPublicChanges: true });
    revocationDates.set(db, cache);
  }
  return cache.get('revocations', async () => {
    const row = (await db('licensing_imports')
      .where({ kind: 'revocations', status: 'succeeded' })
      .max({ date: 'file_date' })
      .first()) as { date: string | null } | undefined;
    return row?.date ?? null;
  });
}

/** The newest census and revocations file we imported, as FMCSA dated them; null before any of a kind. */
export async function licensingFileDates(db: Knex): Promise<LicensingFileDates> {
  const [censusDate, revocationsDate] = await Promise.all([
    newestCensusDate(db),
    newestRevocationsDate(db),
  ]);
  return { censusDate, revocationsDate };
}
