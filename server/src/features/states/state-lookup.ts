/** The states table is reference data that never changes at run time: read it once per database handle. */
import type { Knex } from 'knex';
import { findState } from '@moveratlas/contracts';

export interface StateRecord {
  id: number;
  name: string;
  slug: string;
  abbreviation: string;
  region: string;
}

const cache = new WeakMap<Knex, Promise<StateRecord[]>>();

export function loadStates(db: Knex): Promise<StateRecord[]> {
  let states = cache.get(db);
  if (!states) {
    states = db('states')
      .select('id', 'name', 'slug', 'abbreviation', 'region')
      .orderBy('name')
      .then((rows: StateRecord[]) => rows);
    // A failed read (database down) must not be cached.
    states.catch(() => cache.delete(db));
    cache.set(db, states);
  }
  return states;
}

/** Resolves a slug, name, abbreviation or other spelling to the state's row. */
export async function resolveState(db: Knex, segment: string): Promise<StateRecord | undefined> {
  const reference = findState(segment);
  if (!reference) return undefined;
  const states = await loadStates(db);
  return states.find((s) => s.abbreviation === reference.abbreviation);
}
