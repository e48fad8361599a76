/**
 * "Where people from here move to": the destination states of quote requests (the leads table) that start
 * in a state or city. Read-only; answers null while the leads table does not exist yet.
 */
import type { Knex } from 'knex';
import { findState, type MoveDestination } from '@moveratlas/contracts';
import { TtlCache } from '../../lib/ttl-cache';
import type { StateRecord } from './state-lookup';

/** Destinations shown on a page; the rest are too few to chart. */
export const MOVE_DESTINATION_LIMIT = 8;

const caches = new WeakMap<Knex, TtlCache<MoveDestination[] | null>>();
const hasLeads = new WeakMap<Knex, Promise<boolean>>();

function leadsTableExists(db: Knex): Promise<boolean> {
  let known = hasLeads.get(db);
  if (!known) {
    known = db.schema.hasTable('leads');
    known.catch(() => hasLeads.delete(db));
    hasLeads.set(db, known);
  }
  return known;
}

async function computeDestinations(
  db: Knex,
  state: StateRecord,
  cityName: string | undefined,
): Promise<MoveDestination[] | null> {
  if (!(await leadsTableExists(db))) return null;
  // The widget sends the state as typed or picked (usually the abbreviation): accept every spelling.
  const query = db('leads')
    .whereIn('from_state', [state.abbreviation, state.name, state.slug])
    .whereNotNull('to_state')
    .groupBy('to_state')
    .select('to_state', db.raw('COUNT(*) AS count'));
  if (cityName !== undefined) query.where('from_city', cityName);
  const rows = (await query) as Array<{ to_state: string; count: number | string }>;
  const byState = new Map<string, MoveDestination>();
  for (const row of rows) {
    const target = findState(row.to_state);
    if (!target) continue;
    const entry = byState.get(target.slug) ?? {
      name: target.name,
      slug: target.slug,
      abbreviation: target.abbreviation,
      count: 0,
    };
    entry.count += Number(row.count);
    byState.set(target.slug, entry);
  }
  return [...byState.values()]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, MOVE_DESTINATION_LIMIT);
}

/** The name of a state's city given by its slug (the leads table holds city names); undefined if unknown. */
export async function cityNameOf(
  db: Knex,
  state: StateRecord,
  citySlug: string,
): Promise<string | undefined> {
  const row = (await db('cities').where({ state_id: state.id, slug: citySlug }).first('name')) as
    { name: string } | undefined;
  return row?.name;
}

/** Cached for five minutes: leads arrive one by one and the chart is a trend, not a live count. */
export function moveDestinations(
  db: Knex,
  state: StateRecord,
  cityName?: string,
): Promise<MoveDestination[] | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache<MoveDestination[] | null>(300_000);
    caches.set(db, cache);
  }
  return cache.get(`${state.id}/${cityName ?? ''}`, () => computeDestinations(db, state, cityName));
}
