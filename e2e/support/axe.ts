/**
 * One axe-core scan for every spec that checks accessibility: WCAG 2.2 A/AA (plus best practice where a spec
 * asks), serious and critical violations as one readable line each.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** What axe reports (the type of axe-core's results, as the Playwright binding hands them back). */
export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeScan {
  /** Only this part of the page (a CSS selector); open shadow roots inside it are scanned too. */
  include?: string;
  tags?: string[];
}

/**
 * Runs axe on the page as it is now. Only violations come back in full: for the rules that passed or did
 * not apply axe keeps one example node, not every node of the page. The full lists were megabytes of JSON
 * per scan of a directory page, serialised in the browser and parsed by the test runner, and no spec reads
 * them (decision 032). Legacy mode runs axe.run() in the page itself: the default runs each frame's part there and
 * then opens a blank page in the context for axe.finishRun(), a new renderer process for every scan, which
 * made a template's scan two to three times slower (measured on the 16 directory templates). It costs the
 * scan of cross-origin frames, and no page scanned here has a frame.
 */
export async function axeScan(page: Page, scan: AxeScan = {}): Promise<AxeResults> {
  const builder = new AxeBuilder({ page })
    .withTags(scan.tags ?? WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  if (scan.include) builder.include(scan.include);
  return builder.analyze();
}

/** The serious and critical violations of a scan, one line each: "rule (impact): target — html". */
export function seriousLines(results: AxeResults): string[] {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.html}`,
      ),
    );
}
