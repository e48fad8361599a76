/**
 * Reviews for movers (issue 17) in Chromium against the built product: a mover signs in at /pro, replies
 * publicly to one of the company's reviews (it waits for our team), staff approve it on the admin Reviews
 * screen's Replies tab, and the company's public profile shows it under the review, in the page the server
 * sends and after hydration.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../support/admin';
import { withProductDatabase } from '../support/database';
import { url, waitForHydration } from '../support/directory';
import { createMover, signInAsMover } from '../support/mover';

const RUN = randomUUID().slice(0, 8);

interface Target {
  companyId: number;
  slug: string;
  name: string;
  reviewTitle: string;
}

/** A listed company whose newest published review has no reply yet (not the busiest: other specs read it). */
async function target(): Promise<Target> {
  return withProductDatabase(async (db) => {
    const row = (await db({ r: 'reviews' })
      .join({ c: 'companies' }, 'c.id', 'r.company_id')
      .leftJoin({ rr: 'review_replies' }, 'rr.review_id', 'r.id')
      .where({ 'r.status': 'published', 'c.is_in_list': true })
      .whereNull('rr.id')
      .orderBy('c.id', 'desc')
      .first('c.id as companyId', 'c.slug', 'c.name')) as Omit<Target, 'reviewTitle'>;
    // The newest review comes first on the screen and on the profile.
    const newest = (await db('reviews')
      .where({ company_id: row.companyId, status: 'published' })
      .orderBy([
        { column: 'reviewed_on', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first('title')) as { title: string };
    return { ...row, companyId: Number(row.companyId), reviewTitle: newest.title };
  });
}

test('a mover replies to a review, staff approve it, the profile shows it', async ({ browser }) => {
  const company = await target();
  const mover = await createMover({ companySlug: company.slug, name: 'Rita Replier' });
  const text = `Thank you for choosing us, it was a pleasure (${RUN}).`;

  try {
    // The mover replies.
    const moverPage = await (await browser.newContext()).newPage();
    await signInAsMover(moverPage, mover);
    await moverPage.goto(url(`/pro/companies/${company.companyId}/reviews`));
    await expect(moverPage.getByRole('region', { name: 'Your rating' })).toBeVisible();
    const review = moverPage.getByRole('article', { name: company.reviewTitle }).first();
    await review
      .getByRole('button', { name: `Reply publicly to review "${company.reviewTitle}"` })
      .click();
    const box = review.getByRole('textbox', { name: /^Your public reply to / });
    await expect(box).toBeFocused();
    await box.fill(text);
    await expect(
      review.getByText(`${text.length} of 2,000 characters`, { exact: false }),
    ).toBeVisible();
    await review.getByRole('button', { name: 'Send reply' }).click();
    await expect(review.getByText('Waiting for review by our team')).toBeVisible();

    // Not public while it waits.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(url(`/company/${company.slug}`));
    await expect(visitor.getByText(text)).toHaveCount(0);

    // Staff approve it.
    const staffPage = await (await browser.newContext()).newPage();
    await loginAsAdmin(staffPage);
    await staffPage.goto(url('/admin/companies/reviews?tab=replies'));
    const reply = staffPage
      .getByRole('article', {
        name: `Reply of ${company.name} to the review "${company.reviewTitle}"`,
      })
      .filter({ hasText: RUN });
    await expect(reply).toContainText('Sent by Rita Replier');
    await reply.getByRole('button', { name: /^Publish the reply of / }).click();
    await expect(staffPage.getByText('Reply published', { exact: true })).toBeVisible();

    // The public profile shows it under the review: in the server's HTML and once hydrated.
    const html = await (await visitor.request.get(url(`/company/${company.slug}`))).text();
    expect(html).toContain(`(${RUN}).`);
    await visitor.goto(url(`/company/${company.slug}`));
    await waitForHydration(visitor);
    const shown = visitor
      .getByRole('article', { name: company.reviewTitle })
      .first()
      .getByRole('region', { name: `Response from ${company.name}` });
    await expect(shown).toContainText(text);

    // And the mover sees it published.
    await moverPage.reload();
    await expect(
      moverPage
        .getByRole('article', { name: company.reviewTitle })
        .first()
        .getByText('Published', { exact: true }),
    ).toBeVisible();
  } finally {
    await withProductDatabase(async (db) => {
      await db('review_replies').where('body', 'like', `%${RUN}%`).delete();
      await db('mover_users').where({ id: mover.id }).delete();
    });
  }
});
