/**
 * The contact inbox in Chromium against the built product, as staff use it (issue 16): a visitor writes
 * through /contact; the dashboard counts it and the navigation shows the unread count; the message is found
 * in the inbox, opened (which marks it read), assigned and closed, with each step in its history; and the
 * list reads as cards on a phone.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../support/admin';
import { url, waitForHydration } from '../support/directory';
import { E2E_ADMIN } from '../playwright.config';

/** Where the closing note of issue 16 takes its pictures of the inbox from. */
const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots/issue-16');
const RUN = randomUUID().slice(0, 8);
const SENDER = `Rosa Inbox ${RUN}`;
const TEXT = `My listing shows the old phone number, please update it. Ref ${RUN}.`;

test('a visitor’s message reaches the inbox, where staff open, assign and close it', async ({
  page,
}) => {
  await page.goto(url('/contact'));
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Your name').fill(SENDER);
  await form.getByLabel('E-mail address').fill(`rosa.${RUN}@example.com`);
  await form.getByLabel('Topic').selectOption('company-listing');
  await form.getByLabel('Message').fill(TEXT);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('We usually reply within two business days.')).toBeVisible();

  await loginAsAdmin(page);
  const waiting = page.getByRole('region', { name: /^\d+ new messages?$/ });
  await expect(waiting).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections.getByRole('link', { name: /^Messages, \d+ new$/ })).toBeVisible();
  await waiting.getByRole('link', { name: 'Read the new messages' }).click();

  await expect(page).toHaveURL(/\/admin\/messages\?status=new$/);
  const search = page.getByRole('search', { name: 'Filter messages' });
  await search.getByLabel('Search').fill(RUN);
  await search.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('1 message matches these filters')).toBeVisible();
  const table = page.getByRole('table', { name: 'Contact messages, newest first' });
  const row = table.getByRole('row').filter({ hasText: SENDER });
  await expect(row.getByText('A company listing (corrections or removal)')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/contact-inbox.png` });
  await row.getByRole('link', { name: `Unread message from ${SENDER}` }).click();

  await expect(page.getByRole('heading', { level: 2, name: SENDER })).toBeVisible();
  await expect(page.getByText(TEXT)).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText(`${E2E_ADMIN.username} opened it (New → Open)`);
  const reply = page.getByRole('link', { name: 'Reply by e-mail' });
  await expect(reply).toHaveAttribute(
    'href',
    new RegExp(`^mailto:rosa\\.${RUN}%40example\\.com\\?subject=Re`),
  );

  const assign = page.getByRole('form', { name: 'Assign' });
  await assign.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText(`Assigned to ${E2E_ADMIN.username}.`, { exact: true })).toBeVisible();
  await expect(history).toContainText(`${E2E_ADMIN.username} assigned it to ${E2E_ADMIN.username}`);
  await expect(assign.getByLabel('Assigned to')).toHaveValue(/^\d+$/);

  const status = page.getByRole('form', { name: 'Change status' });
  await status.getByLabel('Status').selectOption('closed');
  await status.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText('The message is now Closed.', { exact: true })).toBeVisible();
  await expect(history).toContainText('changed the status from Open to Closed');

  // Back in the list, the closed filter has it, read and assigned.
  await page.getByRole('link', { name: '← All messages' }).click();
  await page
    .getByRole('navigation', { name: 'Messages by status' })
    .getByRole('link', { name: /^Closed/ })
    .click();
  await search.getByLabel('Search').fill(RUN);
  await search.getByRole('button', { name: 'Apply filters' }).click();
  const closed = table.getByRole('row').filter({ hasText: SENDER });
  await expect(closed.getByRole('link', { name: SENDER, exact: true })).toBeVisible();
  await expect(closed.getByText('Closed')).toBeVisible();
  await expect(closed.getByText(E2E_ADMIN.username)).toBeVisible();

  // On a phone the same list is one card per message, nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  const cards = page.getByRole('list', { name: 'Contact messages, newest first' });
  await expect(cards.getByRole('link', { name: SENDER, exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/contact-inbox-phone.png` });
});
