/**
 * The mover's profile editor end to end on the built product (issue 17), through the Profile screen as a
 * mover uses it: signed in at /pro/login, the mover opens Profile from the menu, changes the description and
 * saves, and the public profile page shows it; then adds a photo (a 3000 px JPEG made here) with the "Add a
 * photo" button, and the profile's gallery draws it from /media, resized to WebP (1600 px, with a 480 px
 * thumbnail). The listing is the spec's own and is removed afterwards.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { url, waitForHydration } from '../support/directory';
import {
  createListing,
  createMover,
  removeListing,
  signInAsMover,
  type E2eListing,
  type E2eMover,
} from '../support/mover';

const RUN = randomUUID().slice(0, 8);
/** The gallery's srcset: the 480 px thumbnail, then the 1,600 px picture, both from /media. */
const SRCSET = /^(\/media\/companies\/\S+) 480w, (\/media\/companies\/\S+) 1600w$/;

let listing: E2eListing;
let mover: E2eMover;

test.beforeAll(async () => {
  listing = await createListing(`Spiral Stair Movers ${RUN}`);
  mover = await createMover({ companySlug: listing.slug, name: 'Robin Profile' });
});

test.afterAll(() => removeListing(listing));

test('a mover edits the description and adds a photo on the Profile screen; the public profile shows both', async ({
  page,
}) => {
  await signInAsMover(page, mover);
  await page.goto(url(`/pro/companies/${listing.id}/overview`));
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Your listing' });
  const words = `Robin's crew moves pianos up spiral staircases (${RUN}).`;
  await form.getByLabel('Description').fill(words);
  await expect(form.getByText('You have unsaved changes.')).toBeVisible();
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved').first()).toBeVisible();
  await expect(form.getByText('You have unsaved changes.')).toBeHidden();

  const photo = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: '#3366cc' },
  })
    .jpeg()
    .toBuffer();
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add a photo' }).click();
  await (await choosing).setFiles({ name: 'crew.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Photo uploaded').first()).toBeVisible();
  const mine = page.getByRole('list', { name: 'Your photos, in order' }).getByRole('img');
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAccessibleName(`${listing.name} photo 1 of 1`);

  await page.goto(url(`/company/${listing.slug}`));
  await waitForHydration(page);
  await expect(page.getByText(words)).toBeVisible();
  const shown = page.getByRole('region', { name: 'Photos' }).getByRole('img').first();
  const srcset = (await shown.getAttribute('srcset')) ?? '';
  expect(srcset).toMatch(SRCSET);
  const [, thumbUrl, largeUrl] = SRCSET.exec(srcset)!;
  await expect(shown).toHaveAttribute('src', thumbUrl!);
  // The browser loaded one of the two (by the screen's width): a picture it could draw, not a broken one.
  await expect
    .poll(() =>
      shown.evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : 'not drawn',
      ),
    )
    .toMatch(new RegExp(`^(${thumbUrl}|${largeUrl})$`));

  const thumb = await sharp(await (await page.request.get(url(thumbUrl!))).body()).metadata();
  expect([thumb.format, thumb.width]).toEqual(['webp', 480]);
  const large = await page.request.get(url(largeUrl!));
  expect(large.headers()['content-type']).toBe('image/webp');
  expect(large.headers()['x-content-type-options']).toBe('nosniff');
  const meta = await sharp(await large.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 1067]);
});
