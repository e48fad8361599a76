/**
 * The rates of the site's one pricing model. What a move costs — on the calculator, the state and city pages
 * and in the cost guide alike — is `estimateMoveCost` (./cost-model), built from these; nothing else prices a
 * whole move (issue 15: three pages gave three prices for one move). Pure functions over plain numbers, no
 * I/O, so the server, the directory and the widget get the same figures.
 *
 * - Local move (same metro area, billed by the hour):
 *     price = crew size × hours × hourly rate per mover, with hours and rate as low–high ranges per move size.
 * - Long-distance move (billed by weight and distance):
 *     price = estimated shipment weight (lb, by move size) × rate per lb (by distance band).
 *
 * Figures are industry-typical 2025 US averages, rounded; `costIndex` scales them for a pricier or
 * cheaper market (1 = national average). They are estimates for comparison, never a quote.
 */
import type { MoveSizeId } from './move-sizes';

export interface PriceRange {
  low: number;
  high: number;
}

export interface NumberRange {
  min: number;
  max: number;
}

export interface LocalMoveProfile {
  /** Movers on the truck. */
  crew: number;
  /** Hours the job usually takes, loading to unloading. */
  hours: NumberRange;
}

/** Crew and hours of a local move by size. */
export const LOCAL_MOVE_PROFILES: Readonly<Record<MoveSizeId, LocalMoveProfile>> = {
  studio: { crew: 2, hours: { min: 3, max: 5 } },
  '2-3br': { crew: 3, hours: { min: 5, max: 8 } },
  '4br': { crew: 4, hours: { min: 7, max: 10 } },
  commercial: { crew: 5, hours: { min: 8, max: 12 } },
};

/** What one mover costs per hour, truck and equipment included (national average range, USD). */
export const HOURLY_RATE_PER_MOVER: Readonly<NumberRange> = { min: 50, max: 70 };

/** Typical shipment weight in pounds by move size, for long-distance pricing. */
export const SHIPMENT_WEIGHT_LBS: Readonly<Record<MoveSizeId, NumberRange>> = {
  studio: { min: 2000, max: 3500 },
  '2-3br': { min: 5000, max: 8000 },
  '4br': { min: 9000, max: 12000 },
  commercial: { min: 10000, max: 20000 },
};

export interface DistanceBand {
  /** Short label for charts and tables. */
  label: string;
  /** Upper bound of the band in miles (exclusive); Infinity for the last band. */
  upToMiles: number;
  /** USD per pound of shipment. */
  ratePerLb: NumberRange;
}

/** Rate per pound by distance: longer hauls cost more per pound (fuel, driver days, tolls). */
export const DISTANCE_BANDS: readonly DistanceBand[] = [
  { label: 'Under 500 miles', upToMiles: 500, ratePerLb: { min: 0.5, max: 0.7 } },
  { label: '500–1,000 miles', upToMiles: 1000, ratePerLb: { min: 0.6, max: 0.9 } },
  { label: '1,000–2,000 miles', upToMiles: 2000, ratePerLb: { min: 0.75, max: 1.05 } },
  {
    label: 'Over 2,000 miles',
    upToMiles: Number.POSITIVE_INFINITY,
    ratePerLb: { min: 0.9, max: 1.25 },
  },
];

/** Moves shorter than this are priced as local moves by the calculator. */
export const LOCAL_MOVE_MAX_MILES = 50;

/**
 * The moves the state and city pages and the cost guide price (typicalMovePrices in ./cost-model): a local
 * move of 10 miles, and a long-distance one of 1,000 miles, whose price holds for its whole band (1,000–2,000).
 */
export const TYPICAL_LOCAL_MILES = 10;
export const TYPICAL_LONG_DISTANCE_MILES = 1000;

/** Prices are shown to the nearest $10; an estimate more precise than that would mislead. */
export function roundPrice(amount: number): number {
  return Math.round(amount / 10) * 10;
}

const scaled = (low: number, high: number, costIndex: number): PriceRange => ({
  low: roundPrice(low * costIndex),
  high: roundPrice(high * costIndex),
});

/** The band a distance falls in; negative or non-finite distances count as zero. */
export function distanceBand(miles: number): DistanceBand {
  const distance = Number.isFinite(miles) && miles > 0 ? miles : 0;
  return DISTANCE_BANDS.find((band) => distance < band.upToMiles) ?? DISTANCE_BANDS.at(-1)!;
}

/**
 * The labor of a local move: crew × hours × hourly rate, low end with the short job at the low rate, high end
 * the reverse. Only a part of the move's price: the drive and the trip charge come on top (./cost-model).
 */
export function localMoveEstimate(size: MoveSizeId, costIndex = 1): PriceRange {
  const { crew, hours } = LOCAL_MOVE_PROFILES[size];
  return scaled(
    crew * hours.min * HOURLY_RATE_PER_MOVER.min,
    crew * hours.max * HOURLY_RATE_PER_MOVER.max,
    costIndex,
  );
}

/** Long-distance move: shipment weight × rate per pound of the distance band. */
export function longDistanceEstimate(size: MoveSizeId, miles: number, costIndex = 1): PriceRange {
  const weight = SHIPMENT_WEIGHT_LBS[size];
  const { ratePerLb } = distanceBand(miles);
  return scaled(weight.min * ratePerLb.min, weight.max * ratePerLb.max, costIndex);
}
