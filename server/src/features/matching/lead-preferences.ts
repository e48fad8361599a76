/**
 * company_lead_preferences: which leads a mover takes (issue 18). Read by the /pro Lead preferences screen and
 * by match_companies, which leaves out a mover that would not take the lead: paused, a kind of move it does not
 * take, a home smaller than its minimum, or its most leads in the last 24 hours or 7 days reached.
 */
import type { Knex } from 'knex';
import {
  LEAD_MINIMUM_SIZES,
  sizeToRooms,
  type LeadMinimumSize,
  type LeadMoveType,
  type ProLeadPreferencesUpdate,
  type ServiceId,
} from '@moveratlas/contracts';

type Db = Knex | Knex.Transaction;

const DAY_MS = 86_400_000;

export interface LeadPreferences {
  paused: boolean;
  moveTypes: LeadMoveType[];
  minimumSize: LeadMinimumSize;
  maxPerDay: number | null;
  maxPerWeek: number | null;
  changed: boolean;
}

interface PreferenceRow {
  paused: number | boolean;
  accepts_local: number | boolean;
  accepts_long_distance: number | boolean;
  accepts_commercial: number | boolean;
  min_rooms: number | string;
  max_per_day: number | string | null;
  max_per_week: number | string | null;
}

const roomsOf = (size: LeadMinimumSize) => (size === 'studio' ? 0 : sizeToRooms(size));
const sizeOf = (rooms: number): LeadMinimumSize =>
  [...LEAD_MINIMUM_SIZES].reverse().find((size) => roomsOf(size) <= rooms) ?? 'studio';
const nullableNumber = (v: number | string | null) => (v === null ? null : Number(v));

export const EVERY_LEAD: LeadPreferences = {
  paused: false,
  moveTypes: ['local', 'long-distance', 'commercial'],
  minimumSize: 'studio',
  maxPerDay: null,
  maxPerWeek: null,
  changed: false,
};

export async function leadPreferences(db: Db, companyId: number): Promise<LeadPreferences> {
  const row = (await db('company_lead_preferences').where({ company_id: companyId }).first()) as
    PreferenceRow | undefined;
  if (!row) return EVERY_LEAD;
  const moveTypes: LeadMoveType[] = [];
  if (row.accepts_local) moveTypes.push('local');
  if (row.accepts_long_distance) moveTypes.push('long-distance');
  if (row.accepts_commercial) moveTypes.push('commercial');
  return {
    paused: Boolean(row.paused),
    moveTypes,
    minimumSize: sizeOf(Number(row.min_rooms)),
    maxPerDay: nullableNumber(row.max_per_day),
    maxPerWeek: nullableNumber(row.max_per_week),
    changed: true,
  };
}

export async function saveLeadPreferences(
  trx: Knex.Transaction,
  companyId: number,
  preferences: ProLeadPreferencesUpdate,
  userId: number,
  now = Date.now(),
): Promise<void> {
  const values = {
    paused: preferences.paused,
    accepts_local: preferences.moveTypes.includes('local'),
    accepts_long_distance: preferences.moveTypes.includes('long-distance'),
    accepts_commercial: preferences.moveTypes.includes('commercial'),
    min_rooms: roomsOf(preferences.minimumSize),
    max_per_day: preferences.maxPerDay,
    max_per_week: preferences.maxPerWeek,
    updated_by_user_id: userId,
    updated_at: now,
  };
  const changed = await trx('company_lead_preferences')
    .where({ company_id: companyId })
    .update(values);
  if (changed === 0)
    await trx('company_lead_preferences').insert({ company_id: companyId, ...values });
}

/** 'YYYY-MM-DD HH:MM:SS' in UTC: how both engines compare a timestamp column. */
const sqlTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Leads a company received in the last 24 hours and 7 days (company_leads' received index). */
export async function recentLeadCounts(
  db: Db,
  companyIds: readonly number[],
  now = Date.now(),
): Promise<Map<number, { day: number; week: number }>> {
  const counts = new Map<number, { day: number; week: number }>();
  if (companyIds.length === 0) return counts;
  const rows = (await db('company_leads')
    .whereIn('company_id', companyIds)
    .where('received_at', '>=', sqlTime(now - 7 * DAY_MS))
    // A lead whose return staff accepted does not count (issue 18).
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('lead_returns')
        .whereRaw('lead_returns.company_lead_id = company_leads.id')
        .where('lead_returns.status', 'accepted'),
    )
    .groupBy('company_id')
    .select('company_id')
    .count({ week: '*' })
    .select(
      db.raw('SUM(CASE WHEN received_at >= ? THEN 1 ELSE 0 END) as day', [sqlTime(now - DAY_MS)]),
    )) as Array<{ company_id: number; week: number | string; day: number | string | null }>;
  for (const row of rows)
    counts.set(Number(row.company_id), { day: Number(row.day ?? 0), week: Number(row.week) });
  return counts;
}

/**
 * Narrows a match query (companies as `c`) to the movers whose preferences take a move needing `services`
 * and of `rooms` (spec 3's mapping): no preferences row, or one that is not paused, takes every kind of move
 * needed and has a minimum the move reaches.
 */
export function takesTheMove(
  db: Knex,
  query: Knex.QueryBuilder,
  services: readonly ServiceId[],
  rooms: number,
): void {
  query.whereNotExists(
    db('company_lead_preferences as p')
      .select(db.raw('1'))
      .whereRaw('p.company_id = c.id')
      .where((refusal) => {
        refusal.where('p.paused', true).orWhere('p.min_rooms', '>', rooms);
        if (services.includes('commercial-moving')) refusal.orWhere('p.accepts_commercial', false);
        if (services.includes('long-distance-moving'))
          refusal.orWhere('p.accepts_long_distance', false);
        if (services.includes('local-moving')) refusal.orWhere('p.accepts_local', false);
      }),
  );
}

/** Which of `companyIds` have reached their most leads for the last 24 hours or 7 days. */
export async function companiesAtTheirLimit(
  db: Knex,
  companyIds: readonly number[],
): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set();
  const limits = (await db('company_lead_preferences')
    .whereIn('company_id', companyIds)
    .where((q) => q.whereNotNull('max_per_day').orWhereNotNull('max_per_week'))
    .select('company_id', 'max_per_day', 'max_per_week')) as Array<{
    company_id: number;
    max_per_day: number | string | null;
    max_per_week: number | string | null;
  }>;
  if (limits.length === 0) return new Set();
  const counts = await recentLeadCounts(
    db,
    limits.map((l) => Number(l.company_id)),
  );
  const full = new Set<number>();
  for (const limit of limits) {
    const id = Number(limit.company_id);
    const count = counts.get(id) ?? { day: 0, week: 0 };
    const day = nullableNumber(limit.max_per_day);
    const week = nullableNumber(limit.max_per_week);
    if ((day !== null && count.day >= day) || (week !== null && count.week >= week)) full.add(id);
  }
  return full;
}
