/**
 * The mover's profile editor over HTTP on every test database (issue 17): the published fields go live at
 * once (the public API shows them, the version moves on, the audit log has the mover, the company and
 * before/after); a new name, USDOT or MC number waits for staff, who approve it (the listing changes) or
 * decline it with a reason the mover reads; pictures are checked by content, resized, stripped of metadata
 * and served as WebP from the database at /media, in the order the mover chooses; and one company's picture
 * cannot be touched through another's address.
 *
 * Test pictures are made with sharp (support/pictures.ts). The companies and the mover this file creates carry a word of this
 * run, and are deleted afterwards with everything of theirs.
 */
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminChangeRequestPageSchema,
  AdminChangeRequestSchema,
  CompanyProfileSchema,
  IMAGE_UPLOAD_MAX_BYTES,
  ProProfileSchema,
  type ProProfile,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { austinCompanyForm } from '../support/company-form';
import { createMover, removeMovers, signInMover, type MoverClient } from '../support/mover';
import { picture } from '../support/pictures';

const WORD = `zqp${randomInt(100_000, 999_999)}`;
const USDOT = String(randomInt(90_000_000, 99_999_999));

describe.each(testDatabases())('the mover profile editor on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  let mover: MoverClient;
  let moverId: number;
  let companyId: number;
  let slug: string;
  let otherCompanyId: number;

  const json = async <T>(res: Response, status: number): Promise<T> => {
    const body = (await res.json()) as T;
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body;
  };
  const base = () => `/api/pro/companies/${companyId}`;
  const profile = async () =>
    ProProfileSchema.parse(await json(await mover.request(`${base()}/profile`), 200));
  const patch = (body: unknown) =>
    mover.request(`${base()}/profile`, { method: 'PATCH', body: JSON.stringify(body) });
  const upload = (
    bytes: Buffer,
    kind: 'photo' | 'logo',
    company = companyId,
    type = 'image/jpeg',
  ) =>
    mover.request(`/api/pro/companies/${company}/images?kind=${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': type },
      body: new Uint8Array(bytes),
    });
  const publicCompany = async () =>
    CompanyProfileSchema.parse(await json(await app.get(`/api/companies/${slug}`), 200));
  const auditRows = (action: string) =>
    app
      .db('audit_events')
      .where({ action, company_id: companyId })
      .orderBy('id', 'desc')
      .select('actor_kind', 'actor_mover_id', 'entity_id', 'summary', 'before_json', 'after_json');

  beforeAll(async () => {
    app = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
    const create = async (name: string, usdot: string) =>
      json<{ id: number; slug: string }>(
        await admin.request('/api/admin/companies', {
          method: 'POST',
          body: JSON.stringify({ ...austinCompanyForm(name), usdot_number: usdot }),
        }),
        201,
      );
    ({ id: companyId, slug } = await create(`${WORD} Hill Country Movers`, USDOT));
    ({ id: otherCompanyId } = await create(`${WORD} Other Movers`, ''));
    const account = await createMover(app.db, {
      companyId,
      name: `${WORD} Owner`,
      email: `${WORD}@movers.test`,
    });
    moverId = account.id;
    await app.db('company_users').insert({
      company_id: otherCompanyId,
      user_id: moverId,
      role: 'staff',
      created_at: Date.now(),
    });
    mover = await signInMover(app.baseUrl, account);
  });

  afterAll(async () => {
    for (const id of [companyId, otherCompanyId])
      if (id) await admin.request(`/api/admin/companies/${id}`, { method: 'DELETE' });
    if (moverId) await removeMovers(app.db, [moverId]);
    await app.db('audit_events').where('summary', 'like', `%${WORD}%`).delete();
    await app?.close();
  });

  it('reads the listing’s editable values', async () => {
    const read = await profile();
    expect(read).toMatchObject({
      companyId,
      slug,
      values: {
        name: `${WORD} Hill Country Movers`,
        usdot_number: USDOT,
        description: 'Local moves across the Hill Country.',
        services: ['local-moving'],
        hours: null,
      },
      logo: null,
      photos: [],
      pendingChange: null,
    });
  });

  it('publishes description, services, phone, website and hours at once, with an audit entry', async () => {
    const before = await profile();
    const hours = {
      mon: { open: '08:00', close: '18:00' },
      tue: { open: '08:00', close: '18:00' },
      wed: { open: '08:00', close: '18:00' },
      thu: { open: '08:00', close: '18:00' },
      fri: { open: '08:00', close: '16:00' },
      sat: { open: '09:00', close: '12:00' },
      sun: null,
    };
    const saved = ProProfileSchema.parse(
      await json(
        await patch({
          version: before.version,
          description: `${WORD}: pianos, pool tables and whole houses.`,
          phone: '+1 512 555 0142',
          website: 'hill.example.com',
          services: ['piano-moving', 'local-moving'],
          service_area: 'Austin and the Hill Country',
          service_radius_miles: 60,
          hours,
        }),
        200,
      ),
    );
    expect(saved.version).toBe(before.version + 1);
    expect(saved.values).toMatchObject({
      description: `${WORD}: pianos, pool tables and whole houses.`,
      phone: '(512) 555-0142',
      website: 'https://hill.example.com',
      services: ['local-moving', 'piano-moving'],
      service_area: 'Austin and the Hill Country',
      service_radius_miles: 60,
      hours,
    });
    // The public profile shows it now (the public read cache was cleared).
    const shown = await publicCompany();
    expect(shown.description).toBe(`${WORD}: pianos, pool tables and whole houses.`);
    expect(shown.phone).toBe('(512) 555-0142');

    const [entry] = await auditRows('company.profile.update');
    expect(entry).toMatchObject({ actor_kind: 'mover', actor_mover_id: moverId });
    expect(JSON.parse(entry!.before_json as string)).toMatchObject({
      description: 'Local moves across the Hill Country.',
      phone: null,
      hours: null,
    });
    expect(JSON.parse(entry!.after_json as string)).toMatchObject({
      description: `${WORD}: pianos, pool tables and whole houses.`,
      phone: '(512) 555-0142',
    });
    expect(Object.keys(JSON.parse(entry!.after_json as string)).sort()).toEqual([
      'description',
      'hours',
      'phone',
      'service_area',
      'service_radius_miles',
      'services',
      'website',
    ]);
  });

  it('refuses a save from an old version with the profile as it is now, and bad values in plain words', async () => {
    const now = await profile();
    const stale = await json<{ error: string; current: ProProfile }>(
      await patch({ version: now.version - 1, description: 'Older words' }),
      409,
    );
    expect(stale.error).toMatch(/^Someone else saved this profile while you were editing it/);
    expect(stale.current.version).toBe(now.version);
    const bad = await json<{ error: string }>(
      await patch({ version: now.version, phone: '555 01', website: 'javascript:alert(1)' }),
      400,
    );
    expect(bad.error).toMatch(/^Phone must be a US phone number, such as \(512\) 555-0142/);
    const hours = await json<{ error: string }>(
      await patch({
        version: now.version,
        hours: {
          mon: { open: '18:00', close: '08:00' },
          tue: null,
          wed: null,
          thu: null,
          fri: null,
          sat: null,
          sun: null,
        },
      }),
      400,
    );
    expect(hours.error).toMatch(/Monday: the closing time must be after the opening time/);
    expect((await profile()).version).toBe(now.version);
  });

  it('keeps a new name and USDOT number for staff, who approve it: then the listing changes', async () => {
    const now = await profile();
    const asked = await json<ProProfile>(
      await patch({
        version: now.version,
        name: `${WORD} Hill Country Moving Co`,
        usdot_number: 'USDOT 1234567',
        description: now.values.description,
      }),
      200,
    );
    // Not applied: the listing keeps its name and number.
    expect(asked.values.name).toBe(`${WORD} Hill Country Movers`);
    expect(asked.values.usdot_number).toBe(USDOT);
    expect(asked.version).toBe(now.version);
    expect(asked.pendingChange).toMatchObject({
      status: 'pending',
      changes: { name: `${WORD} Hill Country Moving Co`, usdot_number: '1234567' },
      before: { name: `${WORD} Hill Country Movers`, usdot_number: USDOT, mc_number: null },
      requestedBy: `${WORD} Owner`,
    });
    expect((await publicCompany()).name).toBe(`${WORD} Hill Country Movers`);
    const [entry] = await auditRows('company.change_request');
    expect(entry).toMatchObject({
      actor_kind: 'mover',
      entity_id: String(asked.pendingChange!.id),
    });
    expect(JSON.parse(entry!.after_json as string)).toEqual({
      name: `${WORD} Hill Country Moving Co`,
      usdot_number: '1234567',
    });

    // Staff's queue, for the company and overall.
    const queue = AdminChangeRequestPageSchema.parse(
      await json(
        await admin.request(`/api/admin/company-change-requests?companyId=${companyId}`),
        200,
      ),
    );
    expect(queue.items.map((r) => r.id)).toEqual([asked.pendingChange!.id]);
    expect(queue.pending).toBeGreaterThanOrEqual(1);

    const approved = AdminChangeRequestSchema.parse(
      await json(
        await admin.request(
          `/api/admin/company-change-requests/${asked.pendingChange!.id}/approve`,
          {
            method: 'POST',
          },
        ),
        200,
      ),
    );
    expect(approved).toMatchObject({ status: 'approved', decidedBy: 'test-admin' });
    const after = await profile();
    expect(after.values).toMatchObject({
      name: `${WORD} Hill Country Moving Co`,
      usdot_number: '1234567',
    });
    expect(after.pendingChange).toBeNull();
    expect(after.lastDecidedChange?.status).toBe('approved');
    expect((await publicCompany()).name).toBe(`${WORD} Hill Country Moving Co`);
    // The search index follows the new name.
    const found = (await (
      await app.get(`/api/search?type=companies&q=${encodeURIComponent(`${WORD} Moving Co`)}`)
    ).json()) as { companies: Array<{ id: number }> };
    expect(found.companies.map((c) => c.id)).toContain(companyId);
    const decisions = await app
      .db('audit_events')
      .whereIn('action', ['company_change_request.approve', 'company.update'])
      .andWhere('summary', 'like', `%${WORD}%`)
      .orderBy('id')
      .select('action', 'actor_username', 'before_json', 'after_json');
    expect(decisions.map((d) => d.action)).toEqual([
      'company_change_request.approve',
      'company.update',
    ]);
    expect(JSON.parse(decisions[1]!.after_json as string)).toEqual({
      name: `${WORD} Hill Country Moving Co`,
      usdot_number: '1234567',
    });
    // Decided once only.
    await json(
      await admin.request(`/api/admin/company-change-requests/${asked.pendingChange!.id}/decline`, {
        method: 'POST',
        body: JSON.stringify({ reason: 'Too late' }),
      }),
      409,
    );
  });

  it('shows the mover the reason staff declined a change', async () => {
    const now = await profile();
    const asked = await json<ProProfile>(
      await patch({ version: now.version, mc_number: '445566' }),
      200,
    );
    const id = asked.pendingChange!.id;
    const noReason = await json<{ error: string }>(
      await admin.request(`/api/admin/company-change-requests/${id}/decline`, {
        method: 'POST',
        body: JSON.stringify({ reason: ' ' }),
      }),
      400,
    );
    expect(noReason.error).toBe('Say why the change is declined, in a few words');
    await json(
      await admin.request(`/api/admin/company-change-requests/${id}/decline`, {
        method: 'POST',
        body: JSON.stringify({ reason: 'The FMCSA lists MC-445566 for another carrier' }),
      }),
      200,
    );
    const after = await profile();
    expect(after.values.mc_number).toBeNull();
    expect(after.pendingChange).toBeNull();
    expect(after.lastDecidedChange).toMatchObject({
      status: 'declined',
      changes: { mc_number: 'MC-445566' },
      decisionNote: 'The FMCSA lists MC-445566 for another carrier',
    });
  });

  it('takes a PNG and a JPEG, and serves them resized as WebP without their EXIF', async () => {
    const png = await json<{ image: { id: number; url: string; thumbUrl: string } }>(
      await upload(await picture(2400, 1600, 'png'), 'photo', companyId, 'image/png'),
      201,
    );
    // Stored 3000 × 2000 with orientation 6: upright it is 2000 × 3000, so 1600 × 2400 at most 1600 wide.
    const jpegBytes = await picture(3000, 2000, 'jpeg', { exif: true, orientation: 6 });
    expect((await sharp(jpegBytes).metadata()).exif).toBeDefined();
    const jpeg = await json<{
      image: { id: number; url: string; thumbUrl: string };
      profile: ProProfile;
    }>(await upload(jpegBytes, 'photo'), 201);
    expect(jpeg.profile.photos.map((p) => p.id)).toEqual([png.image.id, jpeg.image.id]);

    const served = await app.get(jpeg.image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const large = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(large).toMatchObject({ format: 'webp', width: 1600, height: 2400 });
    expect(large.exif).toBeUndefined();
    expect(large.orientation).toBeUndefined();
    const thumb = await sharp(
      Buffer.from(await (await app.get(jpeg.image.thumbUrl)).arrayBuffer()),
    ).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 480 });
    const pngLarge = await sharp(
      Buffer.from(await (await app.get(png.image.url)).arrayBuffer()),
    ).metadata();
    expect(pngLarge).toMatchObject({ format: 'webp', width: 1600, height: 1067 });

    // The public profile lists them, in order.
    expect((await publicCompany()).photoUrls).toEqual([png.image.url, jpeg.image.url]);
    const [entry] = await auditRows('company.photo.upload');
    expect(JSON.parse(entry!.after_json as string)).toMatchObject({
      photo_urls: [png.image.url, jpeg.image.url],
      image_id: jpeg.image.id,
    });
  });

  it('refuses what is not a picture (415), a file over 8 MB (413), and an unknown kind (400)', async () => {
    const text = await json<{ error: string }>(
      await upload(Buffer.from('I am a text file named photo.jpg\n'), 'photo'),
      415,
    );
    expect(text.error).toBe(
      'The file is not a picture we can use: upload a JPEG, PNG, WebP or AVIF image',
    );
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(document.cookie)</script></svg>',
    );
    await json(await upload(svg, 'logo', companyId, 'image/jpeg'), 415);
    const big = await json<{ error: string }>(
      await upload(Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1024, 0xff), 'photo'),
      413,
    );
    expect(big.error).toBe('The picture is too large: at most 8 MB');
    const kind = await json<{ error: string }>(
      await mover.request(`${base()}/images?kind=banner`, {
        method: 'POST',
        body: new Uint8Array(await picture(100, 100, 'png')),
      }),
      400,
    );
    expect(kind.error).toBe('Say whether the picture is a photo or the logo');
    expect((await profile()).photos).toHaveLength(2);
  });

  it('replaces the logo, fitted within 400 px, and deletes it', async () => {
    const first = await json<{ image: { id: number; url: string } }>(
      await upload(await picture(1000, 500, 'png'), 'logo', companyId, 'image/png'),
      201,
    );
    const second = await json<{ image: { id: number; url: string }; profile: ProProfile }>(
      await upload(await picture(800, 800, 'jpeg'), 'logo'),
      201,
    );
    expect(second.profile.logo?.id).toBe(second.image.id);
    expect(second.image.url).toBe(`/media/companies/${second.image.id}-logo.webp`);
    expect((await app.get(first.image.url)).status).toBe(404);
    const logo = await sharp(
      Buffer.from(await (await app.get(second.image.url)).arrayBuffer()),
    ).metadata();
    expect(logo).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect((await publicCompany()).logo).toBe(second.image.url);

    const deleted = ProProfileSchema.parse(
      await json(
        await mover.request(`${base()}/images/${second.image.id}`, { method: 'DELETE' }),
        200,
      ),
    );
    expect(deleted.logo).toBeNull();
    expect((await publicCompany()).logo).toBeNull();
    const [entry] = await auditRows('company.logo.delete');
    expect(JSON.parse(entry!.before_json as string)).toMatchObject({ logo: second.image.url });
  });

  it('puts the photos in the order the mover chooses, and only in an order of all of them', async () => {
    const { photos } = await profile();
    const reversed = photos.map((p) => p.id).reverse();
    const saved = ProProfileSchema.parse(
      await json(
        await mover.request(`${base()}/photos/order`, {
          method: 'PUT',
          body: JSON.stringify({ ids: reversed }),
        }),
        200,
      ),
    );
    expect(saved.photos.map((p) => p.id)).toEqual(reversed);
    expect((await publicCompany()).photoUrls).toEqual(saved.photos.map((p) => p.url));
    const partial = await json<{ error: string }>(
      await mover.request(`${base()}/photos/order`, {
        method: 'PUT',
        body: JSON.stringify({ ids: [reversed[0]] }),
      }),
      400,
    );
    expect(partial.error).toBe('The new order must name every photo of the company once');
    expect((await auditRows('company.photo.reorder')).length).toBe(1);
  });

  it('never reaches one company’s picture through another’s address', async () => {
    const other = await json<{ image: { id: number; url: string } }>(
      await upload(await picture(300, 200, 'png'), 'photo', otherCompanyId, 'image/png'),
      201,
    );
    await json(
      await mover.request(`${base()}/images/${other.image.id}`, { method: 'DELETE' }),
      404,
    );
    const order = (await profile()).photos.map((p) => p.id);
    await json(
      await mover.request(`${base()}/photos/order`, {
        method: 'PUT',
        body: JSON.stringify({ ids: [...order.slice(1), other.image.id] }),
      }),
      400,
    );
    // Still there, still served.
    expect((await app.get(other.image.url)).status).toBe(200);
  });

  it('deletes a photo: gone from the profile and from /media', async () => {
    const { photos } = await profile();
    const gone = photos[0]!;
    const after = ProProfileSchema.parse(
      await json(await mover.request(`${base()}/images/${gone.id}`, { method: 'DELETE' }), 200),
    );
    expect(after.photos.map((p) => p.id)).toEqual(photos.slice(1).map((p) => p.id));
    expect((await app.get(gone.url)).status).toBe(404);
    expect((await publicCompany()).photoUrls).not.toContain(gone.url);
  });

  it('lists the photos staff entered by address, which the mover can remove (audited), but never an upload that way', async () => {
    const uploads = (await profile()).photos;
    const staffPhoto = `https://images.example.org/${WORD}/truck.jpg`;
    const staffPhoto2 = `https://images.example.org/${WORD}/crew.jpg`;
    await app
      .db('companies')
      .where('id', companyId)
      .update({
        photo_urls: JSON.stringify([...uploads.map((p) => p.url), staffPhoto, staffPhoto2]),
      });
    const read = await profile();
    expect(read.photos.map((p) => p.id)).toEqual(uploads.map((p) => p.id));
    expect(read.linkedPhotos).toEqual([staffPhoto, staffPhoto2]);

    const linked = (url: string) =>
      mover.request(`${base()}/photos/linked?${new URLSearchParams({ url }).toString()}`, {
        method: 'DELETE',
      });
    const after = ProProfileSchema.parse(await json(await linked(staffPhoto), 200));
    expect(after.linkedPhotos).toEqual([staffPhoto2]);
    expect(after.version).toBe(read.version + 1);
    expect((await publicCompany()).photoUrls).toEqual([...uploads.map((p) => p.url), staffPhoto2]);
    const [entry] = await auditRows('company.photo.delete');
    expect(entry).toMatchObject({ actor_kind: 'mover', actor_mover_id: moverId });
    expect(JSON.parse(String(entry!.before_json)).photo_urls).toContain(staffPhoto);
    expect(JSON.parse(String(entry!.after_json)).photo_urls).not.toContain(staffPhoto);

    // Gone already, an upload's address (removed by its id instead) and no address at all.
    expect(await json(await linked(staffPhoto), 404)).toEqual({
      error: 'That photo is no longer on your profile',
    });
    if (uploads[0]) await json(await linked(uploads[0].url), 404);
    expect((await profile()).photos).toHaveLength(uploads.length);
    const missing = await json<{ error: string }>(
      await mover.request(`${base()}/photos/linked`, { method: 'DELETE' }),
      400,
    );
    expect(missing.error).toMatch(/Say which photo to remove/);
  });

  it('answers 404 in JSON for an address that is not an upload', async () => {
    for (const path of [
      '/media/companies/2147483000-photo.webp',
      '/media/companies/1-original.webp',
      '/media/companies/abc.webp',
      '/media/companies/99999999999-photo.webp',
    ]) {
      const res = await app.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: 'No such picture' });
    }
  });

  it('refuses a write without the CSRF header and a company the mover does not belong to', async () => {
    const noCsrf = await fetch(`${app.baseUrl}${base()}/profile`, {
      method: 'PATCH',
      headers: { Cookie: mover.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: 1, description: 'x' }),
    });
    expect(noCsrf.status).toBe(403);
    const seeded = (await app
      .db('companies')
      .whereNotIn('id', [companyId, otherCompanyId])
      .first('id')) as {
      id: number;
    };
    await json(await mover.request(`/api/pro/companies/${seeded.id}/profile`), 404);
  });
});
