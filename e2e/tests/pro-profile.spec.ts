/**
 * The mover's profile editor end to end on the built product (issue 17): a mover of a listing, signed in,
 * changes its description and the public profile page shows it; uploads a photo (a 3000 px JPEG made here)
 * and the profile's gallery draws it from /media, resized to WebP (1600 px, with a 480 px thumbnail).
 *
 * Through the /api/pro calls the Profile screen makes; the screen's own clicks join when the /pro shell
 * registers it (features/pro/profile). The company's description is put back afterwards.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { CSRF_HEADER, PRO_CSRF_COOKIE, type ProProfile } from '@moveratlas/contracts';
import { withProductDatabase } from '../support/database';
import { url, waitForHydration } from '../support/directory';
import { createMover, type E2eMover } from '../support/mover';

interface Listing {
  id: number;
  slug: string;
  description: string | null;
}

let listing: Listing;
let mover: E2eMover;

test.beforeAll(async () => {
  // A listed company no other spec looks for: few reviews, no photos of its own.
  listing = await withProductDatabase(
    async (db) =>
      (await db('companies')
        .where({ is_in_list: true, is_featured: false })
        .orderBy([
          { column: 'review_count', order: 'asc' },
          { column: 'id', order: 'desc' },
        ])
        .first('id', 'slug', 'description')) as Listing,
  );
  mover = await createMover({ companySlug: listing.slug, name: 'Robin Profile' });
});

test.afterAll(async () => {
  await withProductDatabase(async (db) => {
    await db('company_images').where('company_id', listing.id).delete();
    await db('companies')
      .where('id', listing.id)
      .update({ description: listing.description, photo_urls: '[]' });
    await db('mover_users').where('id', mover.id).delete();
  });
});

/** Signs in through the API as the /pro/login form does; answers the CSRF header for writes. */
async function signIn(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post(url('/api/pro/login'), {
    data: { email: mover.email, password: mover.password },
  });
  expect(response.status()).toBe(200);
  const { cookies } = await request.storageState();
  const csrf = cookies.find((c) => c.name.endsWith(PRO_CSRF_COOKIE));
  expect(csrf?.value).toMatch(/.+/);
  return { [CSRF_HEADER]: csrf!.value };
}

test('a mover edits the description and uploads a photo; the public profile shows both', async ({
  page,
}) => {
  const request = page.request;
  const csrf = await signIn(request);
  const profilePath = url(`/api/pro/companies/${listing.id}/profile`);
  const before = (await (await request.get(profilePath)).json()) as ProProfile;

  const words = `Robin's crew moves pianos up spiral staircases (${Date.now()}).`;
  const saved = await request.patch(profilePath, {
    headers: csrf,
    data: { version: before.version, description: words },
  });
  expect(saved.status()).toBe(200);

  await page.goto(url(`/company/${listing.slug}`));
  await waitForHydration(page);
  await expect(page.getByText(words)).toBeVisible();

  const photo = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: '#3366cc' },
  })
    .jpeg()
    .toBuffer();
  const uploaded = await request.post(url(`/api/pro/companies/${listing.id}/images?kind=photo`), {
    headers: { ...csrf, 'Content-Type': 'image/jpeg' },
    data: photo,
  });
  expect(uploaded.status()).toBe(201);
  const { image } = (await uploaded.json()) as { image: { url: string; thumbUrl: string } };

  await page.goto(url(`/company/${listing.slug}`));
  const gallery = page.getByRole('region', { name: 'Photos' });
  const shown = gallery.getByRole('img').first();
  await expect(shown).toHaveAttribute('src', image.thumbUrl);
  await expect(shown).toHaveAttribute('srcset', `${image.thumbUrl} 480w, ${image.url} 1600w`);
  // The browser loaded one of the two (by the screen's width): a picture it could draw, not a broken one.
  await expect
    .poll(() =>
      shown.evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : 'not drawn',
      ),
    )
    .toMatch(new RegExp(`^(${image.thumbUrl}|${image.url})$`));

  const thumb = await sharp(await (await request.get(url(image.thumbUrl))).body()).metadata();
  expect([thumb.format, thumb.width]).toEqual(['webp', 480]);
  const large = await request.get(url(image.url));
  expect(large.headers()['content-type']).toBe('image/webp');
  expect(large.headers()['x-content-type-options']).toBe('nosniff');
  const meta = await sharp(await large.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 1067]);
});
