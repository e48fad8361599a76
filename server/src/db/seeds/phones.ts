/**
 * Phone numbers that look local and never repeat: the area code is one of the territory whose listed city
 * (area-codes.ts) is nearest the company's city, with its overlays (Manhattan is 212, 646 or 332, never
 * Buffalo's 716); the line stays in the fictional 555-0100..0199 range, so no number shown on the demo
 * directory rings a real person (decision 023).
 */
import { areaCodeGroups, AREA_CODES_BY_STATE, type AreaCodeGroup } from './area-codes';
import type { Random } from './random';

/** Where a city of a state is, by its name; undefined when the directory has no such city. */
export type CityLocator = (state: string, city: string) => { lat: number; lng: number } | undefined;

/** Miles between two points (haversine). */
export function milesBetween(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface Anchored {
  group: AreaCodeGroup;
  points: Array<{ lat: number; lng: number }>;
}

/** Every code of the table, and the state it is in. */
export function areaCodeStates(): Map<string, string> {
  const states = new Map<string, string>();
  for (const state of Object.keys(AREA_CODES_BY_STATE))
    for (const group of areaCodeGroups(state))
      for (const code of group.codes) states.set(code, state);
  return states;
}

/**
 * The area codes of a state as seen from a point: `ordered` from the territory with the nearest listed city
 * outwards, and how many of them are local (the nearest territory's codes, or both territories' when one
 * city is listed in two, as Chicago is in 312's and 773's).
 */
export class AreaCodeMap {
  private readonly anchored = new Map<string, Anchored[]>();

  constructor(private readonly locate: CityLocator) {}

  /** Cities of the table the directory does not know (a test keeps this empty). */
  unresolved(): string[] {
    const missing: string[] = [];
    for (const state of Object.keys(AREA_CODES_BY_STATE))
      for (const group of areaCodeGroups(state))
        for (const city of group.cities)
          if (!this.locate(state, city)) missing.push(`${city}, ${state}`);
    return missing;
  }

  codesNear(state: string, lat: number, lng: number): { ordered: string[]; local: number } {
    let groups = this.anchored.get(state);
    if (!groups) {
      groups = areaCodeGroups(state).map((group) => ({
        group,
        points: group.cities
          .map((city) => this.locate(state, city))
          .filter((p): p is { lat: number; lng: number } => p !== undefined),
      }));
      this.anchored.set(state, groups);
    }
    const ranked = groups
      .filter((g) => g.points.length > 0)
      .map((g) => ({
        codes: g.group.codes,
        miles: Math.min(...g.points.map((p) => milesBetween(lat, lng, p.lat, p.lng))),
      }))
      .sort((a, b) => a.miles - b.miles);
    const nearest = ranked[0]?.miles ?? 0;
    const ordered: string[] = [];
    let local = 0;
    for (const { codes, miles } of ranked) {
      for (const code of codes) {
        if (ordered.includes(code)) continue;
        ordered.push(code);
        if (miles <= nearest + 0.5) local = ordered.length;
      }
    }
    return { ordered, local };
  }
}

/** The fictional lines: 555-0100 to 555-0199. */
const LINES = 100;

/**
 * Hands out numbers, each once: a local code first (one of the overlays at random), then the codes of the
 * next nearest territories as the local ones fill up. 100 lines for each of the 338 codes hold about 33,800
 * companies; past that (the 200,000-company benchmarks) a number may be shared, as the seed-quality
 * benchmark reports.
 */
export class PhoneBook {
  private readonly used = new Map<string, Uint8Array>();
  private readonly near = new Map<string, { ordered: string[]; local: number }>();

  constructor(private readonly codes: AreaCodeMap) {}

  number(rng: Random, state: string, cityKey: string, lat: number, lng: number): string {
    let near = this.near.get(cityKey);
    if (!near) this.near.set(cityKey, (near = this.codes.codesNear(state, lat, lng)));
    const { ordered, local } = near;
    if (ordered.length === 0) throw new Error(`Seed: no area code for ${state}`);
    // The local codes in a random order, then the rest outwards.
    const tries = [...rng.shuffle(ordered.slice(0, local)), ...ordered.slice(local)];
    for (const code of tries) {
      const line = this.freeLine(rng, code);
      if (line !== undefined) return format(code, line);
    }
    return format(tries[0] as string, rng.int(0, LINES - 1));
  }

  private freeLine(rng: Random, code: string): number | undefined {
    let lines = this.used.get(code);
    if (!lines) this.used.set(code, (lines = new Uint8Array(LINES)));
    const start = rng.int(0, LINES - 1);
    for (let k = 0; k < LINES; k++) {
      const line = (start + k) % LINES;
      if (lines[line] === 0) {
        lines[line] = 1;
        return line;
      }
    }
    return undefined;
  }
}

function format(code: string, line: number): string {
  return `(${code}) 555-01${String(line).padStart(2, '0')}`;
}
