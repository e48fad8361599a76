/**
 * axe-core in Chromium on the widget as partners embed it (open shadow roots are scanned): inline on the
 * hostile demo page at every step, with a validation error and its toast, and in modal mode with the dialog
 * open. No serious or critical violation is allowed; minor and moderate ones are listed in the report.
 */
import type { Locator, Page } from '@playwright/test';
import { axeScan, seriousLines, WCAG_TAGS } from '../support/axe';
import { expect, fillToStep6, heading, submit, test } from '../support/quote';

const TAGS = [...WCAG_TAGS, 'best-practice'];

/** Violations of serious or critical impact inside `selector`, as "rule: target" lines for a readable diff. */
async function seriousViolations(page: Page, selector: string, label: string) {
  const results = await axeScan(page, { include: selector, tags: TAGS });
  const other = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (other.length > 0)
    test.info().annotations.push({
      type: 'axe (minor/moderate)',
      description: `${label}: ${other.map((v) => v.id).join(', ')}`,
    });
  // The scan covered the widget's shadow tree, not just the empty placeholder around it.
  expect(results.passes.length + results.violations.length).toBeGreaterThan(5);
  return seriousLines(results).map((line) => `${label} ${line}`);
}

/**
 * Waits until the animations in `locator`'s shadow root have run (endless ones, like spinners, aside): axe
 * reads the colours of a toast still fading in as too faint.
 */
async function animationsDone(locator: Locator) {
  await locator.evaluate((element) => {
    const root = element.getRootNode() as Document | ShadowRoot;
    const finite = root
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    return Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

test('the inline widget has no serious or critical axe violation at any step', async ({ page }) => {
  await page.goto('/');
  const widget = page.locator('#quote-main');
  const found: string[] = [];
  await expect(heading(widget)).toHaveText('What size is your move?');
  found.push(...(await seriousViolations(page, '#quote-main', 'step 1')));

  // Step 2 with a failed Continue: the field in error, its message and the toast.
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(widget)).toHaveText('When are you moving?');
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(widget.getByRole('alert')).toContainText('Please check your information');
  await animationsDone(widget.getByRole('alert'));
  found.push(...(await seriousViolations(page, '#quote-main', 'step 2 (error)')));
  await widget.getByRole('button', { name: 'Back' }).click();
  await expect(heading(widget)).toHaveText('What size is your move?');

  await fillToStep6(widget, {
    firstName: 'Ada',
    lastName: 'Axe',
    email: 'ada.axe@example.com',
    phone: '3127440199',
  });
  found.push(...(await seriousViolations(page, '#quote-main', 'step 6')));
  await widget.getByRole('button', { name: 'Back' }).click();
  await expect(heading(widget)).toHaveText('Choose your movers');
  found.push(...(await seriousViolations(page, '#quote-main', 'step 5')));
  await widget.getByRole('button', { name: 'Back' }).click();
  await expect(heading(widget)).toHaveText('How can movers reach you?');
  found.push(...(await seriousViolations(page, '#quote-main', 'step 4')));
  await widget.getByRole('button', { name: 'Back' }).click();
  await expect(heading(widget)).toHaveText('Where are you moving?');
  // The place field with its suggestions open.
  await widget.getByRole('combobox', { name: 'Moving to', exact: true }).fill('80202');
  await expect(widget.getByRole('option').first()).toBeVisible();
  found.push(...(await seriousViolations(page, '#quote-main', 'step 3 (suggestions)')));
  await widget.getByRole('option').first().click();

  for (const _ of [3, 4, 5]) await widget.getByRole('button', { name: 'Continue' }).click();
  // The consent ticked on step 6 before still covers the same movers: it is still ticked.
  await expect(heading(widget)).toHaveText('Do you need auto transport?');
  await submit(widget);
  found.push(...(await seriousViolations(page, '#quote-main', 'step 7')));

  expect(found).toEqual([]);
});

test('the modal widget has no serious or critical axe violation, launcher and open dialog', async ({
  page,
}) => {
  await page.goto('/two.html');
  const modal = page.locator('#quote-modal');
  const launcher = modal.getByRole('button', { name: 'Get moving quotes' });
  await expect(launcher).toBeVisible();
  const found = await seriousViolations(page, '#quote-modal', 'launcher');

  await launcher.click();
  const dialog = page.getByRole('dialog', { name: 'Free moving quotes' });
  await expect(heading(dialog)).toHaveText('What size is your move?');
  found.push(...(await seriousViolations(page, '#quote-modal', 'dialog step 1')));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Please check your information');
  found.push(...(await seriousViolations(page, '#quote-modal', 'dialog step 2 (error)')));

  expect(found).toEqual([]);
});
