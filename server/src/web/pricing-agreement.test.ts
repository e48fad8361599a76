/**
 * One move, one price (issue 15): the calculator, the state and city pages and the cost guide gave three
 * different prices for the same move. Rendered by the real app (`npm run build -w @moveratlas/directory`
 * first), the three now answer alike for the moves the pages state — a 10-mile local move and a
 * 1,000–2,000-mile one of each home size — and state the same assumptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOVE_SIZES,
  PRICING_RULES,
  TYPICAL_LOCAL_MILES,
  TYPICAL_MOVES,
  distanceMiles,
  type ZipPlace,
} from '@moveratlas/contracts';
import { findZip, zipsByPrefix } from '../features/geo';
import { startTestApp, type TestApp } from '../../test/test-app';
import { testDatabases } from '../../test/databases';

const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/g, '/');
const textOf = (html: string) =>
  decode(html.replace(/<!-- -->/g, '').replace(/<[^<>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** The rows of the first table after `marker`, each as its cells' text. */
function tableAfter(html: string, marker: string): string[][] {
  const start = html.indexOf(marker);
  expect(start, marker).toBeGreaterThan(-1);
  const table = html.slice(start, html.indexOf('</table>', start));
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => textOf(cell[1]!)),
  );
}

/** "$900 – $1,950", as every page writes a range. */
const priceOf = (rows: string[][], label: string) => rows.find((row) => row[0] === label)?.[1];

describe.each(testDatabases())('one price for one move on $name', ({ config }) => {
  let app: TestApp;
  /** Two Chicago ZIP codes 10 miles apart (to the mile), and one 1,000–2,000 miles from the first. */
  let local: [ZipPlace, ZipPlace];
  let far: ZipPlace;

  const page = async (path: string) => {
    const response = await app.get(path);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const calculatorTotal = async (size: string, from: ZipPlace, to: ZipPlace) => {
    const html = await page(`/calculator?size=${size}&fromZip=${from.zip}&toZip=${to.zip}`);
    const total = /data-testid="estimate-total"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1];
    return { total: total === undefined ? undefined : textOf(total), html };
  };

  beforeAll(async () => {
    app = await startTestApp(config);
    const chicago = await zipsByPrefix(app.db, '606', 100);
    const pair = chicago
      .flatMap((a) => chicago.map((b): [ZipPlace, ZipPlace] => [a, b]))
      .find(([a, b]) => Math.round(distanceMiles(a, b)) === TYPICAL_LOCAL_MILES);
    expect(pair, 'two Chicago ZIP codes 10 miles apart').toBeDefined();
    local = pair!;
    far = (await findZip(app.db, '33130'))!;
    expect(far, 'Miami 33130').toBeDefined();
    const miles = distanceMiles(local[0], far);
    expect(miles).toBeGreaterThanOrEqual(1000);
    expect(miles).toBeLessThan(2000);
  });
  afterAll(() => app.close());

  it('gives the calculator’s price on the state and city pages and in the cost guide, for every size', async () => {
    const statePage = await page('/states/illinois');
    const cityPage = await page('/states/illinois/chicago');
    const guide = await page('/blog/moving-cost-guide');
    const guideRows = tableAfter(guide, 'id="typical-moving-costs-at-a-glance"');
    expect(guideRows[0]).toEqual([
      'Home size',
      'Local move (10 miles)',
      'Long-distance move (1,000–2,000 miles)',
    ]);

    for (const size of MOVE_SIZES) {
      const localTotal = (await calculatorTotal(size.id, local[0], local[1])).total;
      const farTotal = (await calculatorTotal(size.id, local[0], far)).total;
      expect(localTotal, size.label).toMatch(/^\$[\d,]+ – \$[\d,]+$/);
      expect(farTotal, size.label).toMatch(/^\$[\d,]+ – \$[\d,]+$/);
      expect(farTotal).not.toBe(localTotal);
      for (const [name, html] of [
        ['state page', statePage],
        ['city page', cityPage],
      ] as const) {
        expect(
          priceOf(
            tableAfter(html, 'aria-label="Typical local move prices (10 miles)"'),
            size.label,
          ),
          `${name}: ${size.label}, local`,
        ).toBe(localTotal);
        expect(
          priceOf(
            tableAfter(html, 'aria-label="Typical long-distance prices (1,000–2,000 miles)"'),
            size.label,
          ),
          `${name}: ${size.label}, long distance`,
        ).toBe(farTotal);
      }
      const [, guideLocal, guideFar] = guideRows.find((row) => row[0] === size.label)!;
      expect(guideLocal, `guide: ${size.label}, local`).toBe(localTotal);
      expect(guideFar, `guide: ${size.label}, long distance`).toBe(farTotal);
    }
  });

  it('states the same assumptions on the three', async () => {
    const { html: calculator } = await calculatorTotal('2-3br', local[0], local[1]);
    const pages = {
      calculator: textOf(calculator),
      'state page': textOf(await page('/states/illinois')),
      guide: textOf(await page('/blog/moving-cost-guide')),
    };
    // A whole page in a failure message would bury the sentence missing from it.
    const says = (name: keyof typeof pages, phrase: string) =>
      expect(pages[name].includes(phrase), `the ${name} says "${phrase}"`).toBe(true);
    for (const name of Object.keys(pages) as Array<keyof typeof pages>) {
      for (const rule of PRICING_RULES) says(name, rule);
    }
    // The moves priced, where a page shows typical prices rather than the visitor's own move.
    says('state page', `Prices are for ${TYPICAL_MOVES}.`);
    says('guide', `Prices are for ${TYPICAL_MOVES}.`);
    // The calculator names the move it priced, so the visitor can tell it is the same one.
    says('calculator', `Local move · ${TYPICAL_LOCAL_MILES} miles`);
  });
});
