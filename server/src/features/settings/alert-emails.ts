/**
 * Who is e-mailed when something starts failing (features/alerts): a list of addresses kept in site_settings
 * as the row `alertEmails` — beside the Settings screen's other values, but saved on its own, so saving the
 * site's name never touches it (admins have usernames only, no addresses of their own).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AlertEmails } from '@moveratlas/contracts';
import { sqlTimestampToIso } from '../../db/timestamps';

const ROW = 'alertEmails';
const Stored = z.array(z.string());

export async function alertEmails(db: Knex | Knex.Transaction): Promise<AlertEmails> {
  const row = (await db('site_settings').where({ name: ROW }).first()) as
    { value: string; updated_at: string | number | Date; updated_by: string | null } | undefined;
  if (!row) return { emails: [], updatedAt: null, updatedBy: null };
  let emails: string[];
  try {
    // A value that is not a list of strings counts as none: nobody is e-mailed until it is saved again.
    emails = Stored.catch([]).parse(JSON.parse(row.value));
  } catch {
    emails = [];
  }
  return { emails, updatedAt: sqlTimestampToIso(row.updated_at), updatedBy: row.updated_by };
}

export async function saveAlertEmails(
  db: Knex,
  emails: readonly string[],
  updatedBy: string,
): Promise<AlertEmails> {
  await db.transaction(async (trx) => {
    await trx('site_settings').where({ name: ROW }).delete();
    await trx('site_settings').insert({
      name: ROW,
      value: JSON.stringify(emails),
      updated_by: updatedBy.slice(0, 64),
      updated_at: trx.fn.now(),
    });
  });
  return alertEmails(db);
}
