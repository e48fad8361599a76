/**
 * When the e-mail asking a visitor how their move went is sent (issue 19): this many days after the moving day.
 * A row of site_settings (`reviewRequestDelayDays`) saved on its own, like the alert addresses, so saving the
 * site's name never touches it; without a row the default (2 days: the boxes are in, the memory is fresh).
 */
import type { Knex } from 'knex';
import {
  REVIEW_REQUEST_DELAY_DEFAULT_DAYS,
  REVIEW_REQUEST_DELAY_MAX_DAYS,
  type ReviewRequestSettings,
} from '@moveratlas/contracts';
import { sqlTimestampToIso } from '../../db/timestamps';

const ROW = 'reviewRequestDelayDays';

export async function reviewRequestSettings(
  db: Knex | Knex.Transaction,
): Promise<ReviewRequestSettings> {
  const row = (await db('site_settings').where({ name: ROW }).first()) as
    { value: string; updated_at: string | number | Date; updated_by: string | null } | undefined;
  if (!row)
    return { delayDays: REVIEW_REQUEST_DELAY_DEFAULT_DAYS, updatedAt: null, updatedBy: null };
  let days: unknown;
  try {
    days = JSON.parse(row.value);
  } catch {
    days = undefined;
  }
  // A value out of bounds (edited by hand) counts as the default rather than asking on the moving day.
  const valid =
    typeof days === 'number' &&
    Number.isInteger(days) &&
    days >= 0 &&
    days <= REVIEW_REQUEST_DELAY_MAX_DAYS;
  return {
    delayDays: valid ? (days as number) : REVIEW_REQUEST_DELAY_DEFAULT_DAYS,
    updatedAt: sqlTimestampToIso(row.updated_at),
    updatedBy: row.updated_by,
  };
}

export async function saveReviewRequestSettings(
  db: Knex,
  delayDays: number,
  updatedBy: string,
  record?: (trx: Knex.Transaction, before: ReviewRequestSettings) => Promise<void>,
): Promise<ReviewRequestSettings> {
  await db.transaction(async (trx) => {
    const before = await reviewRequestSettings(trx);
    await trx('site_settings').where({ name: ROW }).delete();
    await trx('site_settings').insert({
      name: ROW,
      value: JSON.stringify(delayDays),
      updated_by: updatedBy.slice(0, 64),
      updated_at: trx.fn.now(),
    });
    if (record) await record(trx, before);
  });
  return reviewRequestSettings(db);
}
