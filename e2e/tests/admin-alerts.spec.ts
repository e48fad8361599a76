/**
 * Failures raised to staff, in Chromium against the built product: while leads are being retried against a
 * failing lead backend, a banner across the admin names it with a link to the waiting deliveries, the
 * dashboard says delivery is failing, and the alert check e-mails the alert address — kept on the Mail
 * screen, since the e2e product has no SMTP server — where the message reads in text and in its sandboxed
 * HTML preview, with no CSP violation.
 *
 * The failing backend is the state it leaves behind, shaped through the DB layer: a lead's forward job
 * retried after the backend answered 500, its next attempt an hour away. A real failing backend cannot be
 * given to this product (production mode refuses a loopback backend) without changing where every other
 * spec's leads go; the server tests (server/test/alerts/) make the fake backend fail for real.
 */
import { CHECK_ALERTS_SCRIPT_ID } from '../../server/src/features/alerts';
import { adminWrite, loginAsAdmin } from '../support/admin';
import { withProductDatabase } from '../support/database';
import { expect, test } from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';

test('a failing lead backend raises a banner with a link, and an alert e-mail on the Mail screen', async ({
  page,
  cspViolations,
}) => {
  const recipient = `ops-${Date.now()}@example.com`;
  await loginAsAdmin(page);
  expect(
    (
      await adminWrite(page, 'PUT', '/api/admin/settings/alert-emails', { emails: [recipient] })
    ).status(),
  ).toBe(200);

  const now = Date.now();
  const jobId = await withProductDatabase(async (db) => {
    const [id] = (await db('jobs').insert({
      type: 'lead.forward',
      payload: JSON.stringify({ leadId: 0 }),
      status: 'queued',
      attempts: 2,
      max_attempts: 25,
      run_at: now + 3_600_000,
      last_error: 'POST /send_lead answered 500 after 31 ms',
      created_at: now - 60_000,
      updated_at: now - 5_000,
    })) as number[];
    await db('job_events').insert([
      {
        job_id: id,
        attempt: 1,
        event: 'retry',
        message: 'POST /send_lead answered 500 after 28 ms',
        created_at: now - 55_000,
      },
      {
        job_id: id,
        attempt: 2,
        event: 'retry',
        message: 'POST /send_lead answered 500 after 31 ms',
        created_at: now - 5_000,
      },
    ]);
    return Number(id);
  });

  try {
    await page.goto(`${PRODUCT_URL}/admin`);
    const banner = page.getByRole('region', { name: 'Problems that need attention' });
    await expect(banner.getByText('Lead delivery to the lead backend is failing')).toBeVisible();
    await expect(
      banner.getByText(/Last error: the lead backend answered HTTP 500\./),
    ).toBeVisible();
    // The dashboard no longer says all is well.
    const health = page.getByRole('region', { name: 'Lead delivery health' });
    await expect(
      health.getByText(/^Delivery is failing: \d+ leads? (is|are) being retried$/),
    ).toBeVisible();
    await expect(health.getByText('Nothing waiting for an admin')).toHaveCount(0);

    await banner.getByRole('link', { name: 'See the waiting deliveries' }).click();
    await expect(page).toHaveURL(`${PRODUCT_URL}/admin/jobs?status=queued&type=lead.forward`);
    await expect(page.getByRole('link', { name: `Job ${jobId}` }).first()).toBeVisible();
    // On every admin page, not only the dashboard.
    await expect(banner).toBeVisible();

    // The check runs every minute; an admin can run it at once.
    await page.goto(`${PRODUCT_URL}/admin/scripts/run/${CHECK_ALERTS_SCRIPT_ID}`);
    await page.getByRole('button', { name: 'Run script' }).click();
    await expect(page).toHaveURL(/\/admin\/jobs\/\d+$/);
    await expect(page.getByText('Status: Succeeded')).toBeAttached({ timeout: 30_000 });

    await page.goto(`${PRODUCT_URL}/admin/mail?q=${encodeURIComponent(recipient)}`);
    await expect(page.getByText(/nothing leaves the server/)).toBeVisible();
    const table = page.getByRole('table', { name: 'Outgoing mail, newest first' });
    const row = table.getByRole('row').filter({ hasText: recipient });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Kept here')).toBeVisible();
    await row.getByRole('link', { name: /Lead delivery to the lead backend is failing/ }).click();

    await expect(
      page.getByRole('heading', { level: 2, name: /Lead delivery to the lead backend is failing/ }),
    ).toBeVisible();
    const text = page.getByRole('region', { name: 'Text version' });
    await expect(text.getByText(/the lead backend answered HTTP 500/)).toBeVisible();
    await expect(text.getByText(/\/admin\/jobs\?status=queued&type=lead\.forward/)).toBeVisible();
    const preview = page.frameLocator('iframe[title$="as the reader sees it"]');
    await expect(preview.getByRole('heading', { name: 'Something needs attention' })).toBeVisible();
    await expect(preview.getByRole('link', { name: 'See the waiting deliveries' })).toBeVisible();
    expect(cspViolations).toEqual([]);
  } finally {
    await withProductDatabase(async (db) => {
      await db('job_events').where({ job_id: jobId }).delete();
      await db('jobs').where({ id: jobId }).delete();
    });
    await adminWrite(page, 'PUT', '/api/admin/settings/alert-emails', { emails: [] });
  }
});
