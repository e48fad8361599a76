/**
 * A review from a real request, end to end (issue 19), in Chromium against the built product: a visitor asks
 * a mover for a quote, the mover opens it, the moving day passes, staff run "Ask visitors how their move went"
 * (scheduled daily), the e-mail carries a private link, the visitor writes the review from it and it is
 * published after the checks, the mover replies and staff approve the reply, and the profile shows both with
 * the review marked as a verified request. The link then takes no second review.
 *
 * The moving day passes in the database: the request's day is set three days back, as the server reads it,
 * since the browser's clock cannot move the server's. Mail is read from the embedded mailbox the product keeps
 * without SMTP_URL (the loopback SMTP delivery of the same e-mails is a server test).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../support/admin';
import { withProductDatabase } from '../support/database';
import { SITE_NAME, url, waitForHydration } from '../support/directory';
import { postLead } from '../support/leads';
import { createListing, createMover, removeListing, signInAsMover } from '../support/mover';

const RUN = randomUUID().slice(0, 8);
const DAY_MS = 86_400_000;
const USED_LINK =
  'This link was already used to write a review. Each link takes one review, so it cannot be used again.';

test('a visitor reviews the mover after the move from the e-mailed link; the mover replies; the link works once', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const listing = await createListing(`Review Journey Movers ${RUN}`);
  const mover = await createMover({ companySlug: listing.slug, name: 'Rhea Replier' });
  const person = {
    firstName: 'Vera',
    lastName: 'Journey',
    email: `vera-${RUN}@visitors.test`,
    leadUuid: randomUUID(),
  };
  const title = `Careful and on time ${RUN}`;
  const text =
    'Three careful movers arrived on time, wrapped every piece, and the price matched the quote exactly.';
  const reply = `Thank you, Vera: it was a pleasure to move you (${RUN}).`;

  try {
    await postLead(request, [listing], person);
    const requestDay = new Date().toISOString().slice(0, 10);

    // The mover opens the request in their inbox: it has reached them.
    await signInAsMover(page, mover);
    await page.goto(url(`/pro/companies/${listing.id}/leads`));
    const opened = page.waitForResponse(
      (response) => /\/leads\/\d+\/opened$/.test(response.url()) && response.status() === 204,
    );
    await page
      .getByRole('table', { name: 'Leads' })
      .getByRole('link', { name: `${person.firstName} ${person.lastName}` })
      .click();
    await opened;

    // The moving day passes.
    const moved = new Date(Date.now() - 3 * DAY_MS).toISOString().slice(0, 10);
    await withProductDatabase(async (db) => {
      const lead = (await db('leads').where({ lead_uuid: person.leadUuid }).first('id')) as {
        id: number;
      };
      await db('leads')
        .where({ id: lead.id })
        .update({ move_date: moved.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1') });
      await db('company_leads').where({ lead_id: lead.id }).update({ move_on: moved });
    });

    // Staff run the daily script now.
    const staff = await (await browser.newContext()).newPage();
    await loginAsAdmin(staff);
    await staff.goto(url('/admin/scripts'));
    await staff.getByRole('link', { name: 'Run a script' }).click();
    await staff
      .getByRole('combobox', { name: 'Script' })
      .selectOption({ label: 'Ask visitors how their move went' });
    await staff.getByRole('button', { name: 'Run script' }).click();
    await expect(staff.getByText('Status: Succeeded')).toBeAttached({ timeout: 30_000 });
    await expect(
      staff.getByRole('log', { name: 'Job log' }).getByText(/[1-9]\d* visitors asked/),
    ).toBeVisible();

    // The e-mail arrives with one private link, for this mover.
    const mail = (await withProductDatabase((db) =>
      db('mail_messages')
        .where({ to_address: person.email, template: 'review-request' })
        .first('subject', 'text_body'),
    )) as { subject: string; text_body: string } | undefined;
    expect(mail?.text_body).toContain(listing.name);
    const links = mail?.text_body.match(/\/write-review#t=[A-Za-z0-9_-]{43}/g) ?? [];
    expect(links).toHaveLength(1);
    const link = url(links[0]!);

    // The visitor writes the review from it, with no account.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole('link', { name: listing.name })).toBeVisible();
    const spelled = new Date(`${requestDay}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const verified = `Verified request through ${SITE_NAME} on ${spelled}`;
    await expect(visitor.getByText(verified, { exact: false })).toBeVisible();
    // The stars are radio buttons drawn by their labels: a visitor clicks the fifth star.
    const fiveStars = visitor.getByRole('radio', { name: /^5 stars/ });
    await visitor.locator('label').filter({ has: fiveStars }).click();
    await expect(fiveStars).toBeChecked();
    await visitor.getByLabel('Title').fill(title);
    await visitor.getByLabel('Your review').fill(text);
    await visitor.getByRole('radio', { name: 'Yes, they did my move' }).check();
    await visitor.getByRole('button', { name: 'Send my review' }).click();
    await expect(
      visitor.getByText(`Thank you! Your review of ${listing.name} is published.`),
    ).toBeVisible();

    // The mover replies publicly; staff approve the reply.
    await page.goto(url(`/pro/companies/${listing.id}/reviews`));
    const mine = page.getByRole('article', { name: title });
    await mine.getByRole('button', { name: `Reply publicly to review "${title}"` }).click();
    await mine.getByRole('textbox', { name: /^Your public reply to / }).fill(reply);
    await mine.getByRole('button', { name: 'Send reply' }).click();
    await expect(mine.getByText('Waiting for review by our team')).toBeVisible();
    await staff.goto(url('/admin/companies/reviews?tab=replies'));
    await staff
      .getByRole('article', { name: `Reply of ${listing.name} to the review "${title}"` })
      .getByRole('button', { name: /^Publish the reply of / })
      .click();
    await expect(staff.getByText('Reply published', { exact: true })).toBeVisible();

    // The profile shows both, the review marked as a verified request.
    await visitor.goto(url(`/company/${listing.slug}`));
    await waitForHydration(visitor);
    const shown = visitor.getByRole('article', { name: title });
    await expect(shown).toContainText(text);
    await expect(shown).toContainText(verified);
    await expect(
      shown.getByRole('region', { name: `Response from ${listing.name}` }),
    ).toContainText(reply);

    // The link takes no second review.
    await visitor.goto(url('/'));
    await visitor.goto(link);
    await expect(visitor.getByText(USED_LINK)).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Send my review' })).toHaveCount(0);
  } finally {
    // The listing goes with its account, the request's rows for it, the review and the reply.
    await removeListing(listing);
  }
});
