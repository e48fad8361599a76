/**
 * Figures of the pricing model in the editorial content: a line `{{pricing:name}}` in a Markdown file becomes
 * the model's own table or list, so the cost guide states the calculator's prices and assumptions instead of
 * copies that drift from them (issue 15: the guide, the state pages and the calculator gave three prices for
 * one move). An unknown name stops the content's first read with the file's name, as a bad front matter does.
 */
import {
  LOCAL_MOVE_PROFILES,
  MOVE_SIZES,
  PRICING_RULES,
  SHIPMENT_WEIGHT_LBS,
  TYPICAL_LOCAL_MILES,
  TYPICAL_LONG_DISTANCE_MILES,
  TYPICAL_MOVES,
  distanceBand,
  typicalMovePrices,
  type PriceRange,
} from '@moveratlas/contracts';

const usd = (amount: number) => `$${amount.toLocaleString('en-US')}`;
const range = ({ low, high }: PriceRange) => `${usd(low)} – ${usd(high)}`;
const pounds = ({ min, max }: { min: number; max: number }) =>
  `${min.toLocaleString('en-US')} – ${max.toLocaleString('en-US')} lb`;

const BLOCKS: Readonly<Record<string, () => string>> = {
  /** What the typical moves cost by home size: the figures of the state and city pages and the calculator. */
  'typical-prices': () => {
    const prices = typicalMovePrices(MOVE_SIZES.map((size) => size.id));
    return [
      `Prices are for ${TYPICAL_MOVES}.`,
      '',
      `| Home size | Local move (${TYPICAL_LOCAL_MILES} miles) | Long-distance move (${distanceBand(TYPICAL_LONG_DISTANCE_MILES).label}) |`,
      '| --- | --- | --- |',
      ...MOVE_SIZES.map(
        (size, i) =>
          `| ${size.label} | ${range(prices[i]!.local)} | ${range(prices[i]!.longDistance)} |`,
      ),
    ].join('\n');
  },
  /** How every price is made, in the words the calculator and the state pages use. */
  'pricing-rules': () => PRICING_RULES.map((rule) => `- ${rule}`).join('\n'),
  /** The crew and hours of a local move by home size. */
  'local-crews': () =>
    MOVE_SIZES.map((size) => {
      const { crew, hours } = LOCAL_MOVE_PROFILES[size.id];
      return `- **${size.label}:** ${crew} movers for ${hours.min} to ${hours.max} hours`;
    }).join('\n'),
  /** The typical shipment weight by home size, which long-distance prices are made of. */
  'shipment-weights': () =>
    [
      '| Home size | Typical shipment weight |',
      '| --- | --- |',
      ...MOVE_SIZES.map((size) => `| ${size.label} | ${pounds(SHIPMENT_WEIGHT_LBS[size.id])} |`),
    ].join('\n'),
};

/** The names a file may use, for tests and error messages. */
export const PRICING_BLOCK_NAMES = Object.keys(BLOCKS);

export function expandPricingBlocks(markdown: string, file: string): string {
  return markdown.replace(/^\{\{pricing:([a-z-]+)\}\}[ \t]*$/gm, (_line, name: string) => {
    const block = BLOCKS[name];
    if (!block) {
      throw new Error(
        `${file}: unknown block {{pricing:${name}}} (known: ${PRICING_BLOCK_NAMES.join(', ')})`,
      );
    }
    return block();
  });
}

/** A `{{…}}` left after expansion (a typo, a block not on a line of its own) must not reach a page. */
export function assertNoTemplateLeft(markdown: string, file: string): void {
  const at = markdown.indexOf('{{');
  if (at < 0) return;
  const end = markdown.indexOf('}}', at);
  const left = markdown.slice(at, end < 0 || end - at > 80 ? at + 40 : end + 2);
  throw new Error(`${file}: "${left}" is not a block on a line of its own`);
}
