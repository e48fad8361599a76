/**
 * One-time claim codes: 6 random digits e-mailed to the address on the listing — never to an address the
 * claimant typed. Only a SHA-256 of the code (salted with the company's id) is stored; a code is used once,
 * is void after CLAIM_CODE_MAX_TRIES wrong tries, expires after 30 minutes, and is replaced when the same
 * claimant asks again. New codes are throttled per listing, per client address and per claimant, counted
 * from the codes' own rows (every server process reads the same table).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import {
  CLAIM_CODE_DIGITS,
  CLAIM_CODE_MAX_TRIES,
  CLAIM_CODE_TTL_MINUTES,
  CLAIM_CODES_PER_ADDRESS_PER_HOUR,
  CLAIM_CODES_PER_LISTING_PER_HOUR,
  claimPagePath,
  type ClaimCodeRequest,
} from '@moveratlas/contracts';
import { HttpError } from '../../lib/http-error';
import { sendMail, type MailConfig } from '../mail';
import { ALREADY_CLAIMED, hasOwner, NO_LISTING_EMAIL, type ClaimTarget } from './claim-target';

const HOUR_MS = 3_600_000;
export const CODE_TTL_MS = CLAIM_CODE_TTL_MINUTES * 60_000;

export const codeHash = (companyId: number, code: string): string =>
  createHash('sha256').update(`claim:${companyId}:${code}`).digest('hex');

export const newCode = (): string =>
  String(randomInt(0, 10 ** CLAIM_CODE_DIGITS)).padStart(CLAIM_CODE_DIGITS, '0');

function tooMany(what: string, oldest: number, now: number): HttpError {
  const minutes = Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 60_000));
  return new HttpError(
    429,
    `Too many codes were asked for ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'Retry-After': String(minutes * 60) },
  );
}

/** Refuses with 429 when a limit of codes within the last hour is reached. */
async function throttle(
  db: Knex.Transaction,
  where: Record<string, string | number>,
  limit: number,
  what: string,
  now: number,
): Promise<void> {
  const rows = (await db('claim_codes')
    .where(where)
    .andWhere('created_at', '>', now - HOUR_MS)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .select('created_at')) as Array<{ created_at: number | string }>;
  if (rows.length >= limit) throw tooMany(what, Number(rows[rows.length - 1]!.created_at), now);
}

export interface CodeRequestContext {
  config: MailConfig;
  ip: string;
  now: number;
}

/** Makes a new code for `target`, e-mails it to the listing's address; answers where it went. */
export async function requestClaimCode(
  db: Knex,
  target: ClaimTarget,
  claimant: ClaimCodeRequest,
  { config, ip, now }: CodeRequestContext,
): Promise<{ sentTo: string }> {
  const sentTo = target.email;
  if (!sentTo) throw new HttpError(409, NO_LISTING_EMAIL);
  const code = newCode();
  await db.transaction(async (trx) => {
    // The listing's row first: parallel requests for one listing queue here, so its count is exact and its
    // mailbox never gets a code over the limit (with several server processes on MariaDB too).
    await trx('companies').where('id', target.id).forUpdate().first('id');
    if (await hasOwner(trx, target.id)) throw new HttpError(409, ALREADY_CLAIMED);
    await throttle(
      trx,
      { company_id: target.id },
      CLAIM_CODES_PER_LISTING_PER_HOUR,
      'this listing',
      now,
    );
    await throttle(
      trx,
      { ip_address: ip },
      CLAIM_CODES_PER_ADDRESS_PER_HOUR,
      'from your address',
      now,
    );
    await throttle(
      trx,
      { claimant_email: claimant.email },
      CLAIM_CODES_PER_ADDRESS_PER_HOUR,
      'for your e-mail address',
      now,
    );
    // The claimant's earlier codes for this listing stop working: only the newest is valid.
    await trx('claim_codes')
      .where({ company_id: target.id, claimant_email: claimant.email })
      .whereNull('used_at')
      .whereNull('voided_at')
      .update({ voided_at: now });
    await trx('claim_codes').insert({
      company_id: target.id,
      code_hash: codeHash(target.id, code),
      sent_to: sentTo.slice(0, 255),
      claimant_name: claimant.name,
      claimant_email: claimant.email,
      ip_address: ip.slice(0, 64),
      wrong_tries: 0,
      created_at: now,
      expires_at: now + CODE_TTL_MS,
    });
    await sendMail(
      trx,
      {
        to: sentTo,
        template: 'claim-code',
        data: {
          companyName: target.name,
          claimantName: claimant.name,
          claimantEmail: claimant.email,
          code,
          expiresInMinutes: CLAIM_CODE_TTL_MINUTES,
          claimPath: claimPagePath(target.slug),
        },
      },
      config,
    );
  });
  return { sentTo };
}

export interface CheckedCode {
  id: number;
  claimantName: string;
}

interface CodeRow {
  id: number | string;
  code_hash: string;
  claimant_name: string;
  wrong_tries: number | string;
  expires_at: number | string;
}

const NO_CODE =
  'There is no code waiting for this e-mail address. Check that it is the address you gave, or ask for a new code.';

/**
 * Checks the claimant's newest open code for the listing. A wrong code counts a try (compare-and-swap, so
 * parallel guesses each count) and voids the code at the last one. Nothing is used up here: the caller uses
 * the code in the transaction that claims the listing (useClaimCode).
 */
export async function checkClaimCode(
  db: Knex,
  target: ClaimTarget,
  email: string,
  code: string,
  now: number,
): Promise<CheckedCode> {
  const row = (await db('claim_codes')
    .where({ company_id: target.id, claimant_email: email })
    .whereNull('used_at')
    .whereNull('voided_at')
    .orderBy('id', 'desc')
    .first('id', 'code_hash', 'claimant_name', 'wrong_tries', 'expires_at')) as CodeRow | undefined;
  if (!row) throw new HttpError(400, NO_CODE);
  if (Number(row.expires_at) <= now)
    throw new HttpError(
      400,
      `This code has expired: a code works for ${CLAIM_CODE_TTL_MINUTES} minutes. Ask for a new one.`,
    );
  const given = Buffer.from(codeHash(target.id, code), 'hex');
  const stored = Buffer.from(row.code_hash, 'hex');
  if (given.length === stored.length && timingSafeEqual(given, stored))
    return { id: Number(row.id), claimantName: row.claimant_name };

  const tries = Number(row.wrong_tries) + 1;
  const last = tries >= CLAIM_CODE_MAX_TRIES;
  const counted = await db('claim_codes')
    .where({ id: row.id, wrong_tries: row.wrong_tries })
    .whereNull('voided_at')
    .update({ wrong_tries: tries, ...(last ? { voided_at: now } : {}) });
  if (counted === 0)
    // Another guess counted first: its answer stands, this one is refused without a count.
    throw new HttpError(400, 'That code is not right. Check it and try again.');
  if (last)
    throw new HttpError(
      400,
      'That code is not right, and it was tried too many times, so it no longer works. Ask for a new code.',
    );
  const left = CLAIM_CODE_MAX_TRIES - tries;
  throw new HttpError(
    400,
    `That code is not right. You can try ${left} more time${left === 1 ? '' : 's'}.`,
  );
}

/** A wrong password for an existing account spends a try of the code, as a wrong code does. */
export async function spendClaimCodeTry(db: Knex, id: number, now: number): Promise<void> {
  await db('claim_codes').where({ id }).whereNull('voided_at').increment('wrong_tries', 1);
  await db('claim_codes')
    .where({ id })
    .whereNull('voided_at')
    .andWhere('wrong_tries', '>=', CLAIM_CODE_MAX_TRIES)
    .update({ voided_at: now });
}

/** Uses the code, once: false when it was used, voided or expired in the meantime. */
export async function useClaimCode(
  trx: Knex.Transaction,
  id: number,
  now: number,
): Promise<boolean> {
  const used = await trx('claim_codes')
    .where({ id })
    .whereNull('used_at')
    .whereNull('voided_at')
    .andWhere('expires_at', '>', now)
    .update({ used_at: now });
  return used === 1;
}
