/**
 * Where the companies are: how many per state (by population, every state a handful), exact counts in
 * the spec's major cities, and the rest of each state spread over its cities in proportion to the people
 * who live there, so Arlington, TX has dozens of times the movers of a town of 600 (which mostly has none).
 */
import { MAJOR_CITIES } from '@moveratlas/contracts';
import type { CityRow, Geography } from './geography';
import { STATE_POPULATIONS_2020 } from './populations';
import type { Random } from './random';

/** No state is left with fewer companies than this (when the total allows it). */
export const MIN_COMPANIES_PER_STATE = 3;

export interface MajorCityTarget {
  cityId: number;
  stateId: number;
  count: number;
}

/** The major cities resolved to city rows; throws when the ZIP data no longer has one of them. */
export function majorCityTargets(geo: Geography, total: number): MajorCityTarget[] {
  const targets: MajorCityTarget[] = MAJOR_CITIES.map((major) => {
    const state = geo.states.find((s) => s.slug === major.stateSlug);
    const city = state && geo.citiesByState.get(state.id)?.find((c) => c.slug === major.citySlug);
    if (!state || !city)
      throw new Error(`Seed: major city ${major.name} not found in the ZIP data`);
    return { cityId: city.id, stateId: state.id, count: major.count };
  });
  // The exact counts need room (353 plus 3 per state, 506 companies): below that they are scaled down
  // so a tiny development seed (SEED_COMPANIES allows 100) still works; from 506 up they are exact.
  const base = Math.min(MIN_COMPANIES_PER_STATE, Math.floor(total / geo.states.length));
  const room = total - base * geo.states.length;
  const wanted = targets.reduce((sum, t) => sum + t.count, 0);
  if (wanted > room) {
    for (const t of targets) t.count = Math.floor((t.count * room) / wanted);
  }
  return targets;
}

/**
 * Companies per state id. Each state gets max(its minimum, λ·population) for the λ that makes the total
 * come out exact ("water filling"), then largest remainders settle the rounding.
 */
export function allocateStates(
  geo: Geography,
  total: number,
  majors: readonly MajorCityTarget[],
): Map<number, number> {
  if (total < geo.states.length) {
    throw new RangeError(`Seed: at least ${geo.states.length} companies are needed, one per state`);
  }
  const base = Math.min(MIN_COMPANIES_PER_STATE, Math.floor(total / geo.states.length));
  const minimum = new Map<number, number>();
  const weight = new Map<number, number>();
  for (const s of geo.states) {
    const population = STATE_POPULATIONS_2020[s.abbreviation];
    if (population === undefined) throw new Error(`Seed: no population for ${s.abbreviation}`);
    weight.set(s.id, population);
    const majorCount = majors
      .filter((m) => m.stateId === s.id)
      .reduce((sum, m) => sum + m.count, 0);
    // A major city's state also needs room for companies outside that city.
    minimum.set(s.id, majorCount + base);
  }

  const pinned = new Set<number>();
  let shares = new Map<number, number>();
  for (;;) {
    const pinnedTotal = [...pinned].reduce((sum, id) => sum + (minimum.get(id) as number), 0);
    const freeWeight = geo.states
      .filter((s) => !pinned.has(s.id))
      .reduce((sum, s) => sum + (weight.get(s.id) as number), 0);
    shares = new Map();
    let pinnedMore = false;
    for (const s of geo.states) {
      if (pinned.has(s.id)) continue;
      const share = ((total - pinnedTotal) * (weight.get(s.id) as number)) / freeWeight;
      if (share < (minimum.get(s.id) as number)) {
        pinned.add(s.id);
        pinnedMore = true;
      }
      shares.set(s.id, share);
    }
    if (!pinnedMore) break;
  }

  const counts = new Map<number, number>();
  let assigned = 0;
  for (const s of geo.states) {
    const n = pinned.has(s.id)
      ? (minimum.get(s.id) as number)
      : Math.floor(shares.get(s.id) as number);
    counts.set(s.id, n);
    assigned += n;
  }
  // Largest remainder, ties by state id, so the rounding is deterministic.
  let byRemainder = geo.states
    .filter((s) => !pinned.has(s.id))
    .map((s) => ({ id: s.id, remainder: (shares.get(s.id) as number) % 1 }))
    .sort((a, b) => b.remainder - a.remainder || a.id - b.id);
  if (byRemainder.length === 0) {
    // Every state sits at its minimum (a tiny total): hand the leftovers to the most populous.
    byRemainder = geo.states
      .map((s) => ({ id: s.id, remainder: weight.get(s.id) as number }))
      .sort((a, b) => b.remainder - a.remainder || a.id - b.id);
  }
  for (let i = 0; assigned < total; i++, assigned++) {
    const entry = byRemainder[i % byRemainder.length] as { id: number };
    counts.set(entry.id, (counts.get(entry.id) as number) + 1);
  }
  return counts;
}

/**
 * `count` picks among `cities` in proportion to their population by systematic sampling: each city gets the
 * floor or the ceiling of its exact share (a city of 1.5 shares gets 1 or 2, never 0 or 5), and which one is
 * left to a single random offset, so the spread is as even as whole numbers allow and still seed-dependent.
 */
export function proportionalPicks(
  cities: readonly CityRow[],
  count: number,
  rng: Random,
): CityRow[] {
  const total = cities.reduce((sum, c) => sum + c.population, 0);
  if (count === 0) return [];
  // No one counted (never the case with the real data): an even spread.
  const weight = (c: CityRow) => (total > 0 ? c.population : 1);
  const weightTotal = total > 0 ? total : cities.length;
  const step = weightTotal / count;
  const picks: CityRow[] = [];
  let next = rng.next() * step;
  let cumulative = 0;
  for (const city of cities) {
    cumulative += weight(city);
    while (next < cumulative && picks.length < count) {
      picks.push(city);
      next += step;
    }
  }
  // Float rounding can leave the last pick unplaced: it goes to the most populous city.
  const largest = cities.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  while (picks.length < count) picks.push(largest);
  return picks;
}

/**
 * The city of every company, in a shuffled order (index = company id - 1), so ids do not run state by
 * state and a list sorted by id looks like a national directory.
 */
export function allocateCompanies(geo: Geography, total: number, rng: Random): CityRow[] {
  const majors = majorCityTargets(geo, total);
  const perState = allocateStates(geo, total, majors);
  const cityById = new Map(geo.cities.map((c) => [c.id, c]));
  const result: CityRow[] = [];

  const majorIds = new Set(majors.map((m) => m.cityId));
  for (const state of geo.states) {
    let remaining = perState.get(state.id) as number;
    for (const major of majors.filter((m) => m.stateId === state.id)) {
      const city = cityById.get(major.cityId) as CityRow;
      for (let i = 0; i < major.count; i++) result.push(city);
      remaining -= major.count;
    }
    // Major cities are left out of the spread so their counts stay exact.
    const candidates = (geo.citiesByState.get(state.id) ?? []).filter((c) => !majorIds.has(c.id));
    result.push(...proportionalPicks(candidates, remaining, rng));
  }
  return rng.shuffle(result);
}
