/**
 * The partner sites as the Settings screen manages them: listed a page at a time, created, edited and
 * deactivated (never deleted: leads stay attributed to their site id). The running server's CORS list and
 * attribution come from PartnerDirectory, whose cache the routes clear after every change.
 */
import type { Knex } from 'knex';
import type { z } from 'zod';
import {
  PARTNER_FIELD_LABELS,
  type AdminPartner,
  type PartnerList,
  type PartnerListQuerySchema,
} from '@moveratlas/contracts';
import { isUniqueViolation } from '../../../db/dialect';
import { HttpError } from '../../../lib/http-error';
import { changedFields, staleWrite } from '../../../lib/http/stale-write';
import { LIKE_ESCAPE, likeContains } from '../../../lib/sql-like';
import { OWN_SITE_ID, normaliseOrigin } from '../partners';
import { sqlTimestampToIso } from '../../../db/timestamps';

interface PartnerRow {
  site_id: string;
  name: string;
  allowed_origins: string;
  active: number | boolean;
  created_at: string | Date;
  updated_at: string | Date;
  version: number | string;
}

const COLUMNS = [
  'site_id',
  'name',
  'allowed_origins',
  'active',
  'created_at',
  'updated_at',
  'version',
];
type PartnerListQuery = z.output<typeof PartnerListQuerySchema>;

const SORT_COLUMNS: Record<PartnerListQuery['sort'], string> = {
  siteId: 'site_id',
  name: 'name',
  updatedAt: 'updated_at',
};

function origins(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map((o) => (typeof o === 'string' ? normaliseOrigin(o) : undefined))
      .filter((o): o is string => o !== undefined);
  } catch {
    return [];
  }
}

function toAdminPartner(row: PartnerRow): AdminPartner {
  return {
    siteId: row.site_id,
    name: row.name,
    allowedOrigins: origins(row.allowed_origins),
    active: Boolean(row.active),
    isOwnSite: row.site_id === OWN_SITE_ID,
    createdAt: sqlTimestampToIso(row.created_at),
    updatedAt: sqlTimestampToIso(row.updated_at),
    version: Number(row.version),
  };
}

export async function listAdminPartners(db: Knex, query: PartnerListQuery): Promise<PartnerList> {
  const filtered = db('partners').where((where) => {
    if (query.q !== '') {
      const pattern = likeContains(query.q.toLowerCase());
      where.where((or) =>
        or
          .whereRaw(`lower(site_id) like ? ${LIKE_ESCAPE}`, [pattern])
          .orWhereRaw(`lower(name) like ? ${LIKE_ESCAPE}`, [pattern])
          .orWhereRaw(`lower(allowed_origins) like ? ${LIKE_ESCAPE}`, [pattern]),
      );
    }
    if (query.active !== undefined) where.where('active', query.active === 'true');
  });
  const [countRow, rows] = await Promise.all([
    filtered.clone().count({ n: '*' }).first() as Promise<{ n: number | string }>,
    filtered
      .clone()
      .orderBy([
        { column: SORT_COLUMNS[query.sort], order: query.order },
        { column: 'site_id', order: 'asc' },
      ])
      .limit(query.limit)
      .offset(query.offset)
      .select(COLUMNS) as Promise<PartnerRow[]>,
  ]);
  return { partners: rows.map(toAdminPartner), total: Number(countRow.n) };
}

export async function findAdminPartner(
  db: Knex,
  siteId: string,
): Promise<AdminPartner | undefined> {
  const row = (await db('partners').where({ site_id: siteId }).first(COLUMNS)) as
    PartnerRow | undefined;
  return row ? toAdminPartner(row) : undefined;
}

export async function createPartner(
  db: Knex,
  partner: { siteId: string; name: string; allowedOrigins: string[]; active: boolean },
): Promise<AdminPartner> {
  try {
    await db('partners').insert({
      site_id: partner.siteId,
      name: partner.name,
      allowed_origins: JSON.stringify(partner.allowedOrigins),
      active: partner.active,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, `A partner with site id "${partner.siteId}" already exists`);
    throw error;
  }
  return (await findAdminPartner(db, partner.siteId))!;
}

export async function updatePartner(
  db: Knex,
  siteId: string,
  change: { name?: string; allowedOrigins?: string[]; active?: boolean; version: number },
): Promise<AdminPartner> {
  if (siteId === OWN_SITE_ID && change.active === false)
    throw new HttpError(409, 'The directory’s own site cannot be deactivated');
  if (siteId === OWN_SITE_ID && change.allowedOrigins && change.allowedOrigins.length > 0)
    throw new HttpError(
      409,
      'The directory’s own site lists no origins: its pages are served from PUBLIC_URL and CORS_ORIGINS',
    );
  const row: Record<string, unknown> = {
    updated_at: db.fn.now(),
    version: db.raw('?? + 1', ['version']),
  };
  if (change.name !== undefined) row.name = change.name;
  if (change.allowedOrigins !== undefined)
    row.allowed_origins = JSON.stringify(change.allowedOrigins);
  if (change.active !== undefined) row.active = change.active;
  // Written only onto the version the dialog was opened on: the check is the update (decision 028).
  const updated = await db('partners')
    .where({ site_id: siteId, version: change.version })
    .update(row);
  if (updated === 0) {
    const current = await findAdminPartner(db, siteId);
    if (!current) throw new HttpError(404, `No partner with site id "${siteId.slice(0, 64)}"`);
    const { version: _version, ...sent } = change;
    throw staleWrite('this partner', current, changedFields(sent, current, PARTNER_FIELD_LABELS));
  }
  return (await findAdminPartner(db, siteId))!;
}
