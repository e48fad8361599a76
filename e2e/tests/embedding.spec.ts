/** Embedding three ways on one page (JS call, custom element, modal), the strict-CSP partner, isolation. */
import type { Page } from '@playwright/test';
import { events, expect, fillToStep6, heading, submit, test } from '../support/quote';

test('two widgets on one page run independently; JS options, callbacks and element attributes apply', async ({
  page,
}) => {
  await page.goto('/two.html');
  const jsWidget = page.locator('#quote-js');
  const element = page.locator('#quote-element');
  await expect(heading(jsWidget)).toHaveText('What size is your move?');
  await expect(heading(element)).toHaveText('What size is your move?');
  // The custom element's size attribute is a prefill; the JS-mounted one keeps the default.
  await expect(element.getByRole('button', { name: /Studio/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(jsWidget.getByRole('button', { name: /2-3 Bedrooms/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Theme through CSS custom properties on each host.
  const brand = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const panel = el
        .querySelector('moveratlas-frame')!
        .shadowRoot!.querySelector('button[type=submit]')!;
      return getComputedStyle(panel).backgroundColor;
    });
  expect(await brand('#quote-js')).toBe('rgb(4, 120, 87)');
  expect(await brand('#quote-element')).toBe('rgb(124, 58, 237)');

  await jsWidget.getByRole('button', { name: /4\+ Bedrooms/ }).click();
  await expect(heading(jsWidget)).toHaveText('When are you moving?');
  await expect(heading(element)).toHaveText('What size is your move?');

  const seen = await events(page);
  expect(seen).toContainEqual({
    source: 'callback',
    name: 'stepchange',
    detail: { instanceId: 'js-widget', step: 2, stepName: 'date', previousStep: 1 },
  });
  expect(seen.filter((e) => e.name === 'ready').map((e) => e.detail.instanceId)).toEqual(
    expect.arrayContaining(['js-widget', 'quote-element']),
  );
});

test('modal mode: a launcher opens a real dialog; Escape closes it and focus returns', async ({
  page,
}) => {
  await page.goto('/two.html');
  const launcher = page.locator('#quote-modal').getByRole('button', { name: 'Get moving quotes' });
  await launcher.click();
  const dialog = page.getByRole('dialog', { name: 'Free moving quotes' });
  await expect(dialog).toBeVisible();
  await expect(heading(dialog)).toHaveText('What size is your move?');
  // The page behind is inert while the dialog is open.
  const inert = await page.evaluate(() => {
    const target = document.getElementById('quote-js')!;
    const rect = target.getBoundingClientRect();
    return document.elementFromPoint(rect.left + 5, rect.top + 5)?.closest('#quote-js') === null;
  });
  expect(inert).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
});

test('a partner with a strict CSP embeds it: the flow completes with no violation', async ({
  page,
  cspViolations,
}) => {
  const response = await page.goto('/csp.html');
  expect(response?.headers()['content-security-policy']).toContain("'strict-dynamic'");
  const widget = page.locator('#quote-main');
  await fillToStep6(widget);
  await submit(widget);
  expect(cspViolations).toEqual([]);
});

async function widgetShot(page: Page, url: string): Promise<Buffer> {
  await page.goto(url);
  const widget = page.locator('#quote-main');
  await expect(heading(widget)).toHaveText('What size is your move?');
  await page.evaluate(() => document.fonts.ready);
  return widget.locator('moveratlas-frame').screenshot({ animations: 'disabled' });
}

/**
 * Pixels that differ visibly between two PNGs, compared in the browser (no image library needed). A channel
 * off by a few units is anti-aliasing that depends on where on the page the element sits, not a look change.
 */
async function differentPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ({ first, second }) => {
      const load = async (data: string) =>
        createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
      const [x, y] = await Promise.all([load(first), load(second)]);
      if (x.width !== y.width || x.height !== y.height) return Number.POSITIVE_INFINITY;
      const pixels = (image: ImageBitmap) => {
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const [p, q] = [pixels(x), pixels(y)];
      let count = 0;
      const TOLERANCE = 16;
      for (let i = 0; i < p.length; i += 4) {
        const delta = Math.max(
          Math.abs(p[i]! - q[i]!),
          Math.abs(p[i + 1]! - q[i + 1]!),
          Math.abs(p[i + 2]! - q[i + 2]!),
        );
        if (delta > TOLERANCE) count += 1;
      }
      return count;
    },
    { first: a.toString('base64'), second: b.toString('base64') },
  );
}

test('the widget looks the same on the hostile partner page as on a blank page', async ({
  page,
}) => {
  const blank = await widgetShot(page, '/blank.html');
  const hostile = await widgetShot(page, '/');
  if (process.env.E2E_DEBUG_SHOTS) {
    const fs = await import('node:fs');
    fs.writeFileSync('/tmp/blank.png', blank);
    fs.writeFileSync('/tmp/hostile.png', hostile);
  }
  await page.goto('about:blank');
  // Allowed: a few rounded-corner pixels, whose anti-aliasing varies with the element's place on the page.
  // A hostile rule reaching the widget (font, colour, line height, box model) changes thousands.
  expect(await differentPixels(page, blank, hostile)).toBeLessThan(blank.length > 0 ? 100 : 0);
});

test('the host page looks the same with and without the widget, and nothing shifts', async ({
  page,
}) => {
  const shot = async (url: string) => {
    await page.goto(url);
    await page.evaluate(() => document.fonts.ready);
    return page.screenshot({
      fullPage: true,
      mask: [page.locator('#quote-main'), page.locator('#event-log')],
    });
  };
  const without = await shot('/?widget=off');
  await page.addInitScript(() => {
    (window as unknown as { layoutShift: number }).layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput)
          (window as unknown as { layoutShift: number }).layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await expect(heading(page.locator('#quote-main'))).toHaveText('What size is your move?');
  const shift = await page.evaluate(
    () => (window as unknown as { layoutShift: number }).layoutShift,
  );
  expect(shift).toBe(0);
  const withWidget = await page.screenshot({
    fullPage: true,
    mask: [page.locator('#quote-main'), page.locator('#event-log')],
  });
  if (process.env.E2E_DEBUG_SHOTS) {
    const fs = await import('node:fs');
    fs.writeFileSync('/tmp/without.png', without);
    fs.writeFileSync('/tmp/with.png', withWidget);
  }
  await page.goto('about:blank');
  expect(await differentPixels(page, without, withWidget)).toBe(0);
});
