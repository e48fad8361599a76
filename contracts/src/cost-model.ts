/**
 * What a move costs, the one answer of the site (issue 15): the calculator (/calculator) prices a visitor's
 * move with `estimateMoveCost`, and the state and city pages and the cost guide show `typicalMovePrices`, the
 * same function on stated typical moves, with the same words for the assumptions (PRICING_RULES,
 * TYPICAL_MOVES). The rates are ./pricing's; on top come the drive between two local addresses,
 * professional packing, months of storage and the peak-season surcharge, itemised as lines that add up to a
 * low–high total.
 *
 * Assumptions (typical US ranges, estimates for comparison, never a quote):
 * - A local move's crew also drives between the addresses at about LOCAL_DRIVE_MPH, billed at the same
 *   hourly rate, plus a flat trip charge for the truck, fuel and the drive to the first address.
 * - Packing (labor and materials) and storage per month depend on the home's size only.
 * - From May to September demand peaks: the move itself (not packing or storage) costs 10–20% more.
 */
import type { MoveSizeId } from './move-size-options';
import {
  HOURLY_RATE_PER_MOVER,
  LOCAL_MOVE_MAX_MILES,
  LOCAL_MOVE_PROFILES,
  SHIPMENT_WEIGHT_LBS,
  TYPICAL_LOCAL_MILES,
  TYPICAL_LONG_DISTANCE_MILES,
  DISTANCE_BANDS,
  distanceBand,
  localMoveEstimate,
  longDistanceEstimate,
  roundPrice,
  type PriceRange,
} from './pricing';

/** Average loaded-truck speed between the two addresses of a local move, in miles per hour. */
export const LOCAL_DRIVE_MPH = 30;
/** Flat trip charge of a local move: truck, fuel and the crew's drive to the first address. */
export const LOCAL_TRIP_CHARGE: Readonly<PriceRange> = { low: 100, high: 200 };
/** Months of storage the calculator accepts. */
export const MAX_STORAGE_MONTHS = 12;

/** Professional packing, labor and materials, by home size. */
export const PACKING_COST: Readonly<Record<MoveSizeId, PriceRange>> = {
  studio: { low: 250, high: 500 },
  '2-3br': { low: 600, high: 1200 },
  '4br': { low: 1200, high: 2200 },
  commercial: { low: 1000, high: 2500 },
};

/** One month of storage (a self-storage unit or a mover's vault space), by home size. */
export const STORAGE_PER_MONTH: Readonly<Record<MoveSizeId, PriceRange>> = {
  studio: { low: 75, high: 150 },
  '2-3br': { low: 150, high: 250 },
  '4br': { low: 250, high: 400 },
  commercial: { low: 300, high: 600 },
};

/** Months (1–12) of the peak moving season, and its surcharge on the move itself. */
export const PEAK_SEASON_MONTHS: readonly number[] = [5, 6, 7, 8, 9];
export const PEAK_SEASON_SURCHARGE: Readonly<PriceRange> = { low: 0.1, high: 0.2 };

export type MoveKind = 'local' | 'long-distance';
export type CostLineId = 'labor' | 'travel' | 'linehaul' | 'packing' | 'storage' | 'peak-season';

export interface CostLine {
  id: CostLineId;
  label: string;
  /** How the line was computed, in words a visitor understands. */
  detail: string;
  low: number;
  high: number;
}

export interface MoveCostInput {
  size: MoveSizeId;
  /** Miles between the two addresses (the great-circle distance of the two ZIPs); priced to the mile. */
  distanceMiles: number;
  /** YYYY-MM-DD; decides the peak-season surcharge. */
  moveDate?: string;
  packing?: boolean;
  storageMonths?: number;
}

export interface MoveCostEstimate {
  kind: MoveKind;
  size: MoveSizeId;
  distanceMiles: number;
  peakSeason: boolean;
  lines: CostLine[];
  total: PriceRange;
}

const usd = (amount: number): string => `$${amount.toLocaleString('en-US')}`;
const count = (n: number): string => n.toLocaleString('en-US');
const line = (id: CostLineId, label: string, detail: string, low: number, high: number) => ({
  id,
  label,
  detail,
  low: roundPrice(low),
  high: roundPrice(high),
});
const sum = (lines: readonly CostLine[], end: 'low' | 'high') =>
  lines.reduce((total, l) => total + l[end], 0);

/** Local up to LOCAL_MOVE_MAX_MILES (the pricing model's own threshold), long distance beyond. */
export const moveKindFor = (distanceMiles: number): MoveKind =>
  distanceMiles > LOCAL_MOVE_MAX_MILES ? 'long-distance' : 'local';

/** True when a YYYY-MM-DD date falls in May to September; an absent or malformed date is not peak. */
export function isPeakSeason(moveDate: string | undefined): boolean {
  const match = /^\d{4}-(\d{2})-\d{2}$/.exec(moveDate ?? '');
  return match !== null && PEAK_SEASON_MONTHS.includes(Number(match[1]));
}

function localMoveLines(size: MoveSizeId, miles: number): CostLine[] {
  const { crew, hours } = LOCAL_MOVE_PROFILES[size];
  const rate = HOURLY_RATE_PER_MOVER;
  const labor = localMoveEstimate(size);
  const driveHours = miles / LOCAL_DRIVE_MPH;
  const driveMinutes = Math.round(driveHours * 60);
  const tripCharge = `${usd(LOCAL_TRIP_CHARGE.low)}–${usd(LOCAL_TRIP_CHARGE.high)}`;
  return [
    line(
      'labor',
      'Loading and unloading',
      `${crew} movers for ${hours.min}–${hours.max} hours at ${usd(rate.min)}–${usd(rate.max)} per mover-hour`,
      labor.low,
      labor.high,
    ),
    line(
      'travel',
      'Drive and trip charge',
      driveMinutes > 0
        ? `About ${driveMinutes} minute${driveMinutes === 1 ? '' : 's'} of driving between the addresses, plus a ${tripCharge} trip charge`
        : `A ${tripCharge} trip charge`,
      crew * driveHours * rate.min + LOCAL_TRIP_CHARGE.low,
      crew * driveHours * rate.max + LOCAL_TRIP_CHARGE.high,
    ),
  ];
}

function longDistanceLines(size: MoveSizeId, miles: number): CostLine[] {
  const weight = SHIPMENT_WEIGHT_LBS[size];
  const { ratePerLb } = distanceBand(miles);
  const transport = longDistanceEstimate(size, miles);
  return [
    line(
      'linehaul',
      'Transport by weight and distance',
      `${count(weight.min)}–${count(weight.max)} lb over ${count(Math.round(miles))} miles at $${ratePerLb.min.toFixed(2)}–$${ratePerLb.max.toFixed(2)} per pound`,
      transport.low,
      transport.high,
    ),
  ];
}

/** The calculator's estimate: one line per cost, and the low–high total (the sum of the rounded lines). */
export function estimateMoveCost(input: MoveCostInput): MoveCostEstimate {
  // To the whole mile, as the estimate shows it: a move shown as 10 miles costs what a 10-mile move costs
  // on every page, whatever fraction of a mile the ZIPs' centres add.
  const miles = Number.isFinite(input.distanceMiles)
    ? Math.max(0, Math.round(input.distanceMiles))
    : 0;
  const kind = moveKindFor(miles);
  const lines =
    kind === 'local' ? localMoveLines(input.size, miles) : longDistanceLines(input.size, miles);
  const peakSeason = isPeakSeason(input.moveDate);

  if (peakSeason) {
    const { low, high } = PEAK_SEASON_SURCHARGE;
    lines.push(
      line(
        'peak-season',
        'Peak season (May–September)',
        `${low * 100}–${high * 100}% more for the move itself in the busiest months`,
        sum(lines, 'low') * low,
        sum(lines, 'high') * high,
      ),
    );
  }
  if (input.packing) {
    const packing = PACKING_COST[input.size];
    lines.push(
      line(
        'packing',
        'Professional packing',
        'Packing labor and materials',
        packing.low,
        packing.high,
      ),
    );
  }
  const months = Math.min(MAX_STORAGE_MONTHS, Math.max(0, Math.floor(input.storageMonths ?? 0)));
  if (months > 0) {
    const monthly = STORAGE_PER_MONTH[input.size];
    lines.push(
      line(
        'storage',
        'Storage',
        `${months} month${months === 1 ? '' : 's'} at ${usd(monthly.low)}–${usd(monthly.high)} a month`,
        monthly.low * months,
        monthly.high * months,
      ),
    );
  }

  return {
    kind,
    size: input.size,
    distanceMiles: miles,
    peakSeason,
    lines,
    total: { low: sum(lines, 'low'), high: sum(lines, 'high') },
  };
}

const rate = (range: { min: number; max: number }) => `${usd(range.min)}–${usd(range.max)}`;
const perPound = (range: { min: number; max: number }) =>
  `$${range.min.toFixed(2)}–$${range.max.toFixed(2)} a pound`;

/** How every price of the site is made, in a visitor's words (the calculator, state pages and guide show it). */
export const PRICING_RULES: readonly string[] = [
  `Moves up to ${LOCAL_MOVE_MAX_MILES} miles are local moves, priced by the hour: the usual crew and hours for the home's size at ${rate(HOURLY_RATE_PER_MOVER)} per mover-hour, plus the drive between the addresses at about ${LOCAL_DRIVE_MPH} mph and a ${usd(LOCAL_TRIP_CHARGE.low)}–${usd(LOCAL_TRIP_CHARGE.high)} trip charge.`,
  `Longer moves are priced by weight and distance: the home's typical shipment weight times a rate per pound that rises with the miles, from ${perPound(DISTANCE_BANDS[0]!.ratePerLb)} ${DISTANCE_BANDS[0]!.label.toLowerCase()} to ${perPound(DISTANCE_BANDS.at(-1)!.ratePerLb)} ${DISTANCE_BANDS.at(-1)!.label.toLowerCase()}.`,
  `From May to September the move itself costs ${PEAK_SEASON_SURCHARGE.low * 100}–${PEAK_SEASON_SURCHARGE.high * 100}% more.`,
  'Figures are typical US ranges rounded to $10, for comparison, not a quote: prices vary by city and company.',
];

/**
 * The typical moves that the state and city pages and the cost guide price, for every home size, as a phrase
 * ("Prices are for …").
 */
export const TYPICAL_MOVES = `a local move of ${TYPICAL_LOCAL_MILES} miles and a long-distance move of ${distanceBand(TYPICAL_LONG_DISTANCE_MILES).label.replace('–', ' to ')}, outside the peak season, without packing or storage`;

export interface TypicalMovePrice {
  size: MoveSizeId;
  /** A local move of TYPICAL_LOCAL_MILES. */
  local: PriceRange;
  /** A long-distance move of TYPICAL_LONG_DISTANCE_MILES: the price of its whole distance band. */
  longDistance: PriceRange;
}

/**
 * What the typical moves (TYPICAL_MOVES) cost for each home size: the calculator's totals for the same
 * moves, so a visitor who enters two ZIPs 10 miles apart, or 1,000–2,000 miles apart, sees the same figure.
 */
export function typicalMovePrices(sizes: readonly MoveSizeId[]): TypicalMovePrice[] {
  return sizes.map((size) => ({
    size,
    local: estimateMoveCost({ size, distanceMiles: TYPICAL_LOCAL_MILES }).total,
    longDistance: estimateMoveCost({ size, distanceMiles: TYPICAL_LONG_DISTANCE_MILES }).total,
  }));
}
