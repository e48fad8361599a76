import { REGIONS, type Region, type StateSummary } from '@moveratlas/contracts';

export interface RegionGroup {
  region: Region;
  states: StateSummary[];
  companyCount: number;
}

/** States in the census-region order the spec uses (Northeast, Midwest, South, West), by name within each. */
export function groupStatesByRegion(states: readonly StateSummary[]): RegionGroup[] {
  return REGIONS.map((region) => {
    const inRegion = states
      .filter((state) => state.region === region)
      .sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
    return {
      region,
      states: inRegion,
      companyCount: inRegion.reduce((sum, state) => sum + state.companyCount, 0),
    };
  });
}
