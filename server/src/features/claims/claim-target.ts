/** The listing a claim is about, read by its public slug, and whether it already has an owner. */
import type { Knex } from 'knex';
import type { ClaimInfo } from '@moveratlas/contracts';
import { EMAIL_PATTERN, maskEmail } from '@moveratlas/contracts';
import { notFound } from '../../lib/http-error';

export interface ClaimTarget {
  id: number;
  slug: string;
  name: string;
  city: string;
  state: string;
  /** The listing's own address (lower-cased), where codes go; null when it has none. */
  email: string | null;
  usdotNumber: string | null;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface TargetRow {
  id: number | string;
  slug: string;
  name: string;
  email: string | null;
  usdot_number: string | null;
  city: string;
  state: string;
}

function targetOf(row: TargetRow): ClaimTarget {
  const email = row.email?.trim().toLowerCase() ?? '';
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    city: row.city,
    state: row.state,
    email: EMAIL_PATTERN.test(email) ? email : null,
    usdotNumber: row.usdot_number,
  };
}

const targetQuery = (db: Knex | Knex.Transaction) =>
  db('companies as c')
    .join('cities as ci', 'ci.id', 'c.city_id')
    .join('states as s', 's.id', 'c.state_id')
    .select(
      'c.id',
      'c.slug',
      'c.name',
      'c.email',
      'c.usdot_number',
      'ci.name as city',
      's.abbreviation as state',
    );

/** A listed company by its current slug; 404 in plain words otherwise. */
export async function claimTarget(db: Knex | Knex.Transaction, slug: string): Promise<ClaimTarget> {
  const row =
    slug.length <= 160 && SLUG.test(slug)
      ? ((await targetQuery(db).where({ 'c.slug': slug, 'c.is_in_list': true }).first()) as
          TargetRow | undefined)
      : undefined;
  if (!row) throw notFound('There is no listed company at this address');
  return targetOf(row);
}

export async function claimTargetById(
  db: Knex | Knex.Transaction,
  id: number,
): Promise<ClaimTarget | undefined> {
  const row = (await targetQuery(db).where('c.id', id).first()) as TargetRow | undefined;
  return row ? targetOf(row) : undefined;
}

/** A listing is claimed once it has an owner; from then on only staff can hand it to someone else. */
export async function hasOwner(db: Knex | Knex.Transaction, companyId: number): Promise<boolean> {
  const row = (await db('company_users')
    .where({ company_id: companyId, role: 'owner' })
    .first('id')) as unknown;
  return row !== undefined;
}

export async function claimInfo(db: Knex, slug: string): Promise<ClaimInfo> {
  const target = await claimTarget(db, slug);
  return {
    company: {
      id: target.id,
      slug: target.slug,
      name: target.name,
      city: target.city,
      state: target.state,
    },
    listingEmail: target.email ? maskEmail(target.email) : null,
    claimed: await hasOwner(db, target.id),
  };
}

export const ALREADY_CLAIMED =
  'This listing already has an owner, so it cannot be claimed with a code. If it is yours, send a claim with evidence and our team will look at it.';
export const NO_LISTING_EMAIL =
  'This listing has no e-mail address we can send a code to. Send a claim with evidence instead, and our team will look at it.';
