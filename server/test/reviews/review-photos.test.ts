/**
 * Photos on reviews (issue 19), over HTTP on every test database: uploaded from the review's link (the secret
 * in a header) through the movers' image pipeline — WebP at the profile's sizes, EXIF with its GPS position
 * gone — taken back before sending, sent with the review in their order with captions; refused without a
 * link, with an unknown, used or expired one, when not a picture, too large or one too many, in words. The
 * public sees a published review's photos; a held or hidden review's photo answers 404, while staff see
 * every review's and take one off with a reason, audited.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminReviewPageSchema,
  CompanyProfileSchema,
  IMAGE_UPLOAD_MAX_BYTES,
  MASKED_PHONE,
  MAX_REVIEW_PHOTOS,
  REVIEW_INVITATION_API,
  REVIEW_LINK_INCOMPLETE,
  REVIEW_PHOTO_API,
  REVIEW_PHOTO_MESSAGES,
  REVIEW_SUBMIT_API,
  REVIEW_TOKEN_HEADER,
  ReviewPhotoDraftSchema,
  reviewInvitationSchema,
  type AdminReview,
  type ReviewPhotoDraft,
} from '@moveratlas/contracts';
import { LINK_EXPIRED, LINK_UNKNOWN, LINK_USED } from '../../src/features/reviews/review-links';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { removeLeads, startLeadApp, type LeadApp } from '../leads/support';
import { EXIF_OWNER, GPS_IFD_TAG, picture } from '../support/pictures';
import { createMover, invitedToReview, type Mover } from './support';

const RUN = randomUUID().slice(0, 8);
const TEXT =
  'Four movers, two trucks and not one scratch on the piano. They labelled every box by room and the ' +
  `bill matched the quote. Photos attached. Run ${RUN}.`;

describe.each(testDatabases())('photos on reviews on $name', (database) => {
  let app: LeadApp;
  let db: Knex;
  let admin: AdminClient;
  const movers: Mover[] = [];
  const uuids: string[] = [];
  // Moving days of this file's own, apart from the other review files' (2021-10 on).
  let nextDay = Date.parse('2021-04-01T00:00:00Z');

  beforeAll(async () => {
    app = await startLeadApp(database.config, { RATE_LIMIT_REVIEWS: '0' });
    db = app.db;
    admin = await loginAsAdmin(app.baseUrl);
    for (const name of ['Lens', 'Shutter', 'Focus'])
      movers.push(await createMover(db, `Photo ${name} Movers ${RUN}`));
  });

  afterAll(async () => {
    if (!app) return;
    await removeLeads(db, uuids);
    await db('companies')
      .whereIn(
        'id',
        movers.map((m) => m.id),
      )
      .delete();
    await db('audit_events').where('summary', 'like', `%Photo % Movers ${RUN}%`).delete();
    await app.close();
  });

  /** A request to `to`, the e-mail asking about it sent, its links working today (one secret per mover). */
  async function invited(
    ...to: Mover[]
  ): Promise<{ token: string; tokens: string[]; leadId: number; email: string }> {
    nextDay += 3 * 86_400_000;
    const day = new Date(nextDay).toISOString().slice(0, 10);
    const { request, tokens } = await invitedToReview(app, to, day, uuids);
    return { token: tokens[0]!, tokens, leadId: request.leadId, email: request.email };
  }

  const upload = (
    token: string | undefined,
    body: Buffer,
    type = 'image/jpeg',
  ): Promise<Response> =>
    fetch(app.baseUrl + REVIEW_PHOTO_API, {
      method: 'POST',
      headers: { 'Content-Type': type, ...(token ? { [REVIEW_TOKEN_HEADER]: token } : {}) },
      body,
    });

  const uploaded = async (token: string, body: Buffer): Promise<ReviewPhotoDraft> => {
    const res = await upload(token, body);
    expect(res.status, await res.clone().text()).toBe(201);
    return ReviewPhotoDraftSchema.parse(await res.json());
  };

  const refusal = async (res: Response) => ({
    status: res.status,
    error: ((await res.json()) as { error: string }).error,
  });

  const review = (token: string, overrides: Record<string, unknown> = {}) =>
    app.postJson(REVIEW_SUBMIT_API, {
      token,
      rating: 5,
      title: 'The piano survived',
      text: TEXT,
      hired: 'yes',
      ...overrides,
    });

  const profileReviews = async (mover: Mover) =>
    CompanyProfileSchema.parse(await (await app.get(`/api/companies/${mover.slug}`)).json())
      .reviews;

  const adminReviews = async (companyId: number): Promise<AdminReview[]> =>
    AdminReviewPageSchema.parse(
      await (await admin.request(`/api/admin/reviews?companyId=${companyId}&limit=100`)).json(),
    ).items;

  const drafts = async (token: string) =>
    reviewInvitationSchema.parse(
      await (await app.postJson(REVIEW_INVITATION_API, { token })).json(),
    ).photos ?? [];

  it('takes photos from the link through the image pipeline, EXIF and GPS gone, and shows a published review’s', async () => {
    const lens = movers[0]!;
    const { token } = await invited(lens);
    const input = await picture(2400, 1600, 'jpeg', { exif: true });
    const exif = (await sharp(input).metadata()).exif!;
    expect(exif.includes(GPS_IFD_TAG)).toBe(true);
    expect(exif.includes(Buffer.from(EXIF_OWNER))).toBe(true);

    const first = await uploaded(token, input);
    expect(first).toMatchObject({ width: 1600, height: 1067 });
    expect(first.preview).toMatch(/^data:image\/webp;base64,/);
    const second = await uploaded(token, await picture(800, 600, 'png'));
    // A reloaded page finds both again; one taken back before sending.
    expect((await drafts(token)).map((d) => d.id)).toEqual([first.id, second.id]);
    const removed = await fetch(`${app.baseUrl}${REVIEW_PHOTO_API}/${second.id}`, {
      method: 'DELETE',
      headers: { [REVIEW_TOKEN_HEADER]: token },
    });
    expect(removed.status).toBe(204);
    expect((await drafts(token)).map((d) => d.id)).toEqual([first.id]);
    // Nobody else's link takes it back.
    const other = await invited(lens);
    const stranger = await fetch(`${app.baseUrl}${REVIEW_PHOTO_API}/${first.id}`, {
      method: 'DELETE',
      headers: { [REVIEW_TOKEN_HEADER]: other.token },
    });
    expect(await refusal(stranger)).toEqual({ status: 404, error: REVIEW_PHOTO_MESSAGES.unknown });

    const sent = await review(token, {
      photos: [{ id: first.id, caption: 'The truck outside our new house' }],
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    expect(((await sent.json()) as { status: string }).status).toBe('published');

    const [shown] = (await profileReviews(lens)).filter((r) => r.text.includes(RUN));
    expect(shown!.photos).toEqual([
      {
        id: first.id,
        url: `/media/reviews/${first.id}-photo.webp`,
        thumbUrl: `/media/reviews/${first.id}-thumb.webp`,
        width: 1600,
        height: 1067,
        caption: 'The truck outside our new house',
      },
    ]);
    const served = await app.get(shown!.photos![0]!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 1067]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from(EXIF_OWNER))).toBe(false);
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    const thumb = await app.get(shown!.photos![0]!.thumbUrl);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(480);

    // The review is sent: the link takes no more photos, and the taken-back draft is gone for good.
    expect(await refusal(await upload(token, input))).toEqual({ status: 409, error: LINK_USED });
    expect((await app.get(`/media/reviews/${second.id}-photo.webp`)).status).toBe(404);
    expect(await db('review_photos').where({ id: second.id }).first('id')).toBeUndefined();
  });

  it('refuses an upload without a link, or with an unknown or expired one, in words', async () => {
    const shutter = movers[1]!;
    const jpeg = await picture(400, 300, 'jpeg');
    expect(await refusal(await upload(undefined, jpeg))).toEqual({
      status: 400,
      error: REVIEW_LINK_INCOMPLETE,
    });
    expect(await refusal(await upload('A'.repeat(43), jpeg))).toEqual({
      status: 404,
      error: LINK_UNKNOWN,
    });
    const { token, leadId } = await invited(shutter);
    await db('review_invitations')
      .where({ lead_id: leadId })
      .update({ expires_at: Date.now() - 1000 });
    expect(await refusal(await upload(token, jpeg))).toEqual({ status: 410, error: LINK_EXPIRED });
  });

  it('refuses what is not a picture, a file too large and one photo too many, in words', async () => {
    const shutter = movers[1]!;
    const { token } = await invited(shutter);
    const notPicture = await refusal(await upload(token, Buffer.from('just words, named .jpg\n')));
    expect(notPicture).toEqual({
      status: 415,
      error: 'The file is not a picture we can use: upload a JPEG, PNG, WebP or AVIF image',
    });
    expect((await upload(token, await picture(40, 40, 'gif'), 'image/gif')).status).toBe(415);
    expect(
      await refusal(await upload(token, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1, 0xff))),
    ).toEqual({ status: 413, error: 'The picture is too large: at most 8 MB' });

    const ids: number[] = [];
    for (let i = 0; i < MAX_REVIEW_PHOTOS; i++)
      ids.push((await uploaded(token, await picture(300 + i, 200, 'jpeg'))).id);
    expect(await refusal(await upload(token, await picture(320, 200, 'jpeg')))).toEqual({
      status: 409,
      error: REVIEW_PHOTO_MESSAGES.tooMany,
    });

    // Sending: five photos, a photo twice, a caption too long, a photo of another link — each refused.
    const five = await review(token, { photos: [...ids, 999_999].map((id) => ({ id })) });
    expect(await refusal(five)).toEqual({ status: 400, error: REVIEW_PHOTO_MESSAGES.tooMany });
    const twice = await review(token, { photos: [{ id: ids[0] }, { id: ids[0] }] });
    expect(await refusal(twice)).toEqual({ status: 400, error: REVIEW_PHOTO_MESSAGES.twice });
    const long = await review(token, { photos: [{ id: ids[0], caption: 'x'.repeat(151) }] });
    expect(await refusal(long)).toEqual({ status: 400, error: REVIEW_PHOTO_MESSAGES.captionLong });
    const elsewhere = await invited(movers[2]!);
    const theirs = await uploaded(elsewhere.token, await picture(300, 200, 'jpeg'));
    const stolen = await review(token, { photos: [{ id: theirs.id }] });
    expect(await refusal(stolen)).toEqual({ status: 400, error: REVIEW_PHOTO_MESSAGES.gone });
    // Each refusal left the link unused, with its photos.
    expect((await drafts(token)).map((d) => d.id)).toEqual(ids);
  });

  it('keeps a held or hidden review’s photos from the public, shows them to staff, who take one off with a reason', async () => {
    const focus = movers[2]!;
    const { token } = await invited(focus);
    const kept = await uploaded(token, await picture(1000, 800, 'jpeg', { exif: true }));
    const other = await uploaded(token, await picture(600, 400, 'png'));
    // A phone number in a caption holds the review, as in its text, and is masked for the public.
    const sent = await review(token, {
      photos: [{ id: kept.id, caption: 'Call the crew lead on 512 555 0142' }, { id: other.id }],
    });
    expect(((await sent.json()) as { status: string }).status).toBe('pending');
    expect((await profileReviews(focus)).some((r) => r.text.includes(RUN))).toBe(false);
    expect((await app.get(`/media/reviews/${kept.id}-photo.webp`)).status).toBe(404);
    expect((await app.get(`/media/reviews/${kept.id}-thumb.webp`)).status).toBe(404);

    const [held] = (await adminReviews(focus.id)).filter((r) => r.body.includes(RUN));
    expect(held!.heldReasons).toContain(
      'It contained a phone number, which the public does not see.',
    );
    expect(held!.photos).toEqual([
      {
        id: kept.id,
        url: `/api/admin/review-photos/${kept.id}/photo`,
        thumbUrl: `/api/admin/review-photos/${kept.id}/thumb`,
        width: 1000,
        height: 800,
        caption: `Call the crew lead on ${MASKED_PHONE}`,
        typedCaption: 'Call the crew lead on 512 555 0142',
      },
      {
        id: other.id,
        url: `/api/admin/review-photos/${other.id}/photo`,
        thumbUrl: `/api/admin/review-photos/${other.id}/thumb`,
        width: 600,
        height: 400,
        caption: null,
        typedCaption: null,
      },
    ]);
    const staffCopy = await admin.request(held!.photos![0]!.url);
    expect(staffCopy.status).toBe(200);
    expect(staffCopy.headers.get('content-type')).toBe('image/webp');
    expect(
      (await sharp(Buffer.from(await staffCopy.arrayBuffer())).metadata()).exif,
    ).toBeUndefined();
    // Staff's addresses are staff's: nobody signed out reads them.
    expect((await app.get(held!.photos![0]!.url)).status).toBe(401);

    const moderate = (status: string) =>
      admin.request(`/api/admin/reviews/${held!.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ status }),
      });
    expect((await moderate('published')).status).toBe(200);
    expect((await app.get(`/media/reviews/${kept.id}-photo.webp`)).status).toBe(200);
    const [published] = (await profileReviews(focus)).filter((r) => r.text.includes(RUN));
    expect(published!.photos!.map((p) => p.caption)).toEqual([
      `Call the crew lead on ${MASKED_PHONE}`,
      null,
    ]);
    expect((await moderate('hidden')).status).toBe(200);
    const hidden = await app.get(`/media/reviews/${kept.id}-photo.webp`);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ error: 'No such picture' });
    expect((await moderate('published')).status).toBe(200);

    const remove = (id: number, body: unknown) =>
      admin.request(`/api/admin/review-photos/${id}/remove`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    expect(await refusal(await remove(kept.id, {}))).toEqual({
      status: 400,
      error: 'Say why the photo is removed',
    });
    const taken = await remove(kept.id, { reason: 'It shows a phone number on the truck.' });
    expect(taken.status, await taken.clone().text()).toBe(200);
    const { review: after } = (await taken.json()) as { review: AdminReview };
    expect(after.photos!.map((p) => p.id)).toEqual([other.id]);
    expect((await app.get(`/media/reviews/${kept.id}-photo.webp`)).status).toBe(404);
    expect((await admin.request(`/api/admin/review-photos/${kept.id}/photo`)).status).toBe(404);
    expect((await app.get(`/media/reviews/${other.id}-photo.webp`)).status).toBe(200);
    const audit = (await db('audit_events')
      .where({ action: 'review.photo_remove', entity_id: String(held!.id) })
      .first('summary', 'company_id')) as { summary: string; company_id: number } | undefined;
    expect(audit?.summary).toBe(
      `Removed a photo from a review of ${focus.name}: It shows a phone number on the truck.`,
    );
    expect(Number(audit?.company_id)).toBe(focus.id);
  });

  it('keeps a sent review’s photos as the public reads them after a deletion request, and drops unsent ones', async () => {
    const [lens, shutter] = movers;
    const { tokens, leadId, email } = await invited(lens!, shutter!);
    const sentPhoto = await uploaded(tokens[0]!, await picture(500, 400, 'jpeg'));
    const unsent = await uploaded(tokens[1]!, await picture(500, 400, 'png'));
    const sent = await review(tokens[0]!, {
      photos: [{ id: sentPhoto.id, caption: 'Ring me on 312 555 0188' }],
    });
    expect(((await sent.json()) as { status: string }).status).toBe('pending');
    const [deletion] = (await db('data_deletion_requests').insert({
      lead_id: leadId,
      email,
      status: 'open',
      requested_at: Date.now(),
      ip_address: '127.0.0.1',
    })) as number[];
    const fulfilled = await admin.request(`/api/admin/deletion-requests/${deletion}/fulfil`, {
      method: 'POST',
    });
    expect(fulfilled.status).toBe(200);
    expect(
      await db('review_photos').where({ id: sentPhoto.id }).first('caption', 'typed_caption'),
    ).toEqual({ caption: `Ring me on ${MASKED_PHONE}`, typed_caption: null });
    expect(await db('review_photos').where({ id: unsent.id }).first('id')).toBeUndefined();
  });
});
