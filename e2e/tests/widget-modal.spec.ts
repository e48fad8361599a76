/**
 * Modal mode on a phone (375×667, touch): the dialog is a full-screen sheet, focus starts on the step heading,
 * stays inside the dialog and returns to the launcher, the page behind is inert, Escape closes, and the sheet
 * follows the visual viewport (what the on-screen keyboard shrinks; emulated here by the page scale, since a
 * headless browser has no keyboard to show).
 */
import type { Locator, Page } from '@playwright/test';
import { FUTURE_DATE, expect, heading, test } from '../support/quote';

test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

/** Where focus really is: through open shadow roots, down to the focused element. */
function focusPath(page: Page) {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const dialog = document
      .querySelector('#quote-modal moveratlas-frame')
      ?.shadowRoot?.querySelector('dialog');
    // Inside `container`, across shadow roots (Node.contains stops at a shadow boundary).
    const within = (container: Node, node: Node | null): boolean => {
      for (let n = node; n; n = n.parentNode ?? (n instanceof ShadowRoot ? n.host : null))
        if (n === container) return true;
      return false;
    };
    return {
      inDialog: !!dialog && within(dialog, active),
      // In the page outside the dialog; body means "nowhere in the page" (the browser's own UI).
      inPage: !!active && active !== document.body && !(!!dialog && within(dialog, active)),
      label: active
        ? `${active.localName} ${active.getAttribute('aria-label') ?? active.textContent?.slice(0, 30) ?? ''}`
        : 'none',
    };
  });
}

async function open(page: Page): Promise<{ launcher: Locator; dialog: Locator }> {
  await page.goto('/two.html');
  const launcher = page.locator('#quote-modal').getByRole('button', { name: 'Get moving quotes' });
  await launcher.click();
  const dialog = page.getByRole('dialog', { name: 'Free moving quotes' });
  await expect(heading(dialog)).toHaveText('What size is your move?');
  return { launcher, dialog };
}

test('on a phone the dialog is a full-screen sheet; focus is trapped and restored', async ({
  page,
}) => {
  const { launcher, dialog } = await open(page);
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
  await expect(heading(dialog)).toBeFocused();

  // Tab and Shift+Tab go round the dialog's controls; nothing of the page behind ever gets focus.
  const seen = new Set<string>();
  for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    const where = await focusPath(page);
    expect(where.inPage, `${key} moved focus to ${where.label}`).toBe(false);
    if (where.inDialog) seen.add(where.label);
  }
  expect([...seen]).toEqual(
    expect.arrayContaining([
      'button Close',
      'button Continue',
      expect.stringMatching(/^button Studio/),
    ]),
  );

  // Escape closes it, and focus goes back to the launcher.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
});

test('the page behind the open dialog is inert: it takes no focus and no taps', async ({
  page,
}) => {
  const { dialog } = await open(page);
  const behind = page.locator('#quote-js').getByRole('button', { name: /Studio/ });
  await behind.evaluate((button: HTMLElement) => button.focus());
  expect((await focusPath(page)).inPage).toBe(false);
  // A tap where that button is lands on the sheet, not on the page.
  const box = (await behind.boundingBox())!;
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('#quote-js') ?? null,
    { x: box.x + box.width / 2, y: Math.min(box.y + box.height / 2, 600) },
  );
  expect(hit).toBeNull();
  await expect(dialog).toBeVisible();
  // The close button is reachable by touch too.
  await dialog.getByRole('button', { name: 'Close' }).tap();
  await expect(dialog).toBeHidden();
});

test('the sheet follows the visual viewport, as when the on-screen keyboard opens', async ({
  page,
}) => {
  const { dialog } = await open(page);
  const cdp = await page.context().newCDPSession(page);
  const sheetMatchesViewport = () =>
    page.evaluate(() => {
      const sheet = document
        .querySelector('#quote-modal moveratlas-frame')!
        .shadowRoot!.querySelector('dialog')!
        .getBoundingClientRect();
      const viewport = window.visualViewport!;
      return {
        height: Math.abs(sheet.height - viewport.height) < 1,
        top: Math.abs(sheet.top - viewport.offsetTop) < 1,
        viewportHeight: viewport.height,
      };
    });
  try {
    // The visual viewport shrinks to half the layout viewport, which stays 667 px tall.
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2 });
    await expect
      .poll(sheetMatchesViewport)
      .toEqual({ height: true, top: true, viewportHeight: 333.5 });
    expect(await page.evaluate(() => innerHeight)).toBe(667);
    // Typing in a field of the sheet keeps working with the smaller viewport.
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Moving date', { exact: true }).fill(FUTURE_DATE);
    await expect(dialog.getByLabel('Moving date', { exact: true })).toHaveValue(FUTURE_DATE);

    // Back to the full viewport (the keyboard closed): the sheet grows back.
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
    await expect
      .poll(sheetMatchesViewport)
      .toEqual({ height: true, top: true, viewportHeight: 667 });
  } finally {
    await cdp.detach();
  }
});
