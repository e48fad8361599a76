/**
 * A company's team at /pro (issue 17) in Chromium against the built product: the owner invites a colleague
 * from the Team screen; the colleague opens the e-mailed link (read from the mailbox the server keeps
 * without SMTP), names themselves, picks a password, lands signed in on the company's dashboard, and is on
 * the team as staff.
 */
import { randomUUID } from 'node:crypto';
import { withProductDatabase } from '../support/database';
import { createMover, signInAsMover } from '../support/mover';
import { expect, test } from '../support/quote';
import { PRODUCT_URL } from '../playwright.config';

test('an owner invites a colleague, who accepts the e-mailed link and is signed in', async ({
  browser,
  page,
}) => {
  const company = await withProductDatabase(
    async (db) =>
      (await db('companies')
        .where('is_in_list', true)
        .orderBy('id')
        .offset(40)
        .first('id', 'slug', 'name')) as { id: number; slug: string; name: string },
  );
  const owner = await createMover({
    companySlug: company.slug,
    role: 'owner',
    name: 'Olive Owner',
  });
  const colleague = `e2e-colleague-${randomUUID().slice(0, 8)}@movers.test`;

  await signInAsMover(page, owner);
  await page.goto(`${PRODUCT_URL}/pro/companies/${company.id}/team`);
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('E-mail address').fill(colleague);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent').first()).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Invitations waiting' }).getByText(colleague),
  ).toBeVisible();

  const text = await withProductDatabase(async (db) => {
    const mail = (await db('mail_messages')
      .where({ to_address: colleague, template: 'mover-invitation' })
      .first('text_body')) as { text_body: string };
    return mail.text_body;
  });
  const link = /https?:\/\/\S+\/pro\/invitation\?token=[A-Za-z0-9_-]{43}/.exec(text)![0];
  const path = new URL(link).pathname + new URL(link).search;

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(`${PRODUCT_URL}${path}`);
  await expect(other.getByText(company.name, { exact: true })).toBeVisible();
  await expect(other.getByText(colleague, { exact: true })).toBeVisible();
  await other.getByLabel('Your name').fill('Casey Colleague');
  await other.getByLabel('Choose a password').fill('lantern meadow copper 91');
  await other.getByLabel('The password again').fill('lantern meadow copper 91');
  await other.getByRole('button', { name: `Join ${company.name}` }).click();
  await expect(other).toHaveURL(new RegExp(`/pro/companies/${company.id}(/|$)`));
  await other.goto(`${PRODUCT_URL}/pro/companies/${company.id}/team`);
  const table = other.getByRole('table', { name: `The people of ${company.name}` });
  await expect(table.getByRole('rowheader', { name: 'Casey Colleague You' })).toBeVisible();
  await context.close();
});
