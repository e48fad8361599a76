/**
 * A review's photos in the database (review_photos, issue 19). Uploaded from a review's link before the review
 * is sent, a photo belongs to the link's invitation (a draft); sending the review ties the chosen drafts to it
 * in the review's own transaction and drops the rest. The public reads a photo only while its review is
 * published; staff read every sent review's photos.
 */
import type { Knex } from 'knex';
import {
  adminReviewPhotoPath,
  MAX_REVIEW_PHOTOS,
  REVIEW_PHOTO_MESSAGES,
  type AdminReviewPhoto,
  type ReviewPhotoDraft,
} from '@moveratlas/contracts';
import { HttpError, notFound } from '../../../lib/http-error';
import type { ProcessedImage } from '../../../lib/images/image-pipeline';
import { LINK_USED } from '../review-links';

type Db = Knex | Knex.Transaction;

/** A draft's preview: its thumbnail as a data: address, which the site's CSP allows and no secret opens. */
const preview = (thumb: Buffer) => `data:image/webp;base64,${thumb.toString('base64')}`;

interface DraftRow {
  id: number | string;
  width: number | string;
  height: number | string;
  thumb_bytes: Buffer;
}

const toDraft = (row: DraftRow): ReviewPhotoDraft => ({
  id: Number(row.id),
  width: Number(row.width),
  height: Number(row.height),
  preview: preview(row.thumb_bytes),
});

/** The photos uploaded from an invitation's link and not yet sent, in upload order. */
export async function listDraftPhotos(db: Db, invitationId: number): Promise<ReviewPhotoDraft[]> {
  const rows = (await db('review_photos')
    .where({ invitation_id: invitationId })
    .whereNull('review_id')
    .orderBy('id')
    .select('id', 'width', 'height', 'thumb_bytes')) as DraftRow[];
  return rows.map(toDraft);
}

/**
 * Stores a processed upload as a draft of the invitation; 409 once it has MAX_REVIEW_PHOTOS, or when the
 * review was sent meanwhile (its photos are settled then).
 */
export async function addDraftPhoto(
  trx: Knex.Transaction,
  invitationId: number,
  image: ProcessedImage,
  now: number,
): Promise<ReviewPhotoDraft> {
  // The invitation's row first: two uploads at once, or an upload and the review, queue here.
  const open = await trx('review_invitations')
    .where('id', invitationId)
    .whereNull('used_at')
    .forUpdate()
    .first('id');
  if (!open) throw new HttpError(409, LINK_USED);
  const counted = (await trx('review_photos')
    .where({ invitation_id: invitationId })
    .whereNull('review_id')
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  if (Number(counted?.n ?? 0) >= MAX_REVIEW_PHOTOS)
    throw new HttpError(409, REVIEW_PHOTO_MESSAGES.tooMany);
  const thumb = image.thumb ?? image.bytes;
  const [inserted] = (await trx('review_photos').insert({
    invitation_id: invitationId,
    review_id: null,
    position: 0,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    thumb_bytes: thumb,
    created_at: now,
  })) as number[];
  return toDraft({
    id: Number(inserted),
    width: image.width,
    height: image.height,
    thumb_bytes: thumb,
  });
}

/** Takes a draft back; 404 when the invitation has no unsent photo of that id. */
export async function deleteDraftPhoto(
  db: Db,
  invitationId: number,
  photoId: number,
): Promise<void> {
  const deleted = await db('review_photos')
    .where({ id: photoId, invitation_id: invitationId })
    .whereNull('review_id')
    .delete();
  if (deleted === 0) throw notFound(REVIEW_PHOTO_MESSAGES.unknown);
}

export interface SentPhoto {
  id: number;
  /** What the public reads, and the caption as typed when a check changed it. */
  caption: string | null;
  typedCaption: string | null;
}

/**
 * Ties the chosen drafts to the review just stored, in their order with their captions, and deletes the
 * invitation's other drafts. A chosen photo that is not a draft of this invitation is refused (400), which
 * rolls the review back with it.
 */
export async function attachPhotos(
  trx: Knex.Transaction,
  invitationId: number,
  reviewId: number,
  photos: readonly SentPhoto[],
): Promise<void> {
  const drafts = new Set(
    (
      (await trx('review_photos')
        .where({ invitation_id: invitationId })
        .whereNull('review_id')
        .pluck('id')) as Array<number | string>
    ).map(Number),
  );
  for (const photo of photos)
    if (!drafts.has(photo.id)) throw new HttpError(400, REVIEW_PHOTO_MESSAGES.gone);
  for (const [position, photo] of photos.entries())
    await trx('review_photos').where({ id: photo.id }).update({
      review_id: reviewId,
      position,
      caption: photo.caption,
      typed_caption: photo.typedCaption,
    });
  await trx('review_photos').where({ invitation_id: invitationId }).whereNull('review_id').delete();
}

interface SentRow {
  id: number | string;
  review_id: number | string;
  width: number | string;
  height: number | string;
  caption: string | null;
  typed_caption: string | null;
}

/** The sent reviews' photos as staff see them (staff's addresses), review by review, in their order. */
export async function adminPhotosOf(
  db: Db,
  reviewIds: readonly number[],
): Promise<Map<number, AdminReviewPhoto[]>> {
  const byReview = new Map<number, AdminReviewPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = (await db('review_photos')
    .whereIn('review_id', reviewIds)
    .orderBy([
      { column: 'review_id', order: 'asc' },
      { column: 'position', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .select('id', 'review_id', 'width', 'height', 'caption', 'typed_caption')) as SentRow[];
  for (const row of rows) {
    const id = Number(row.id);
    const list = byReview.get(Number(row.review_id)) ?? [];
    list.push({
      id,
      url: adminReviewPhotoPath(id, 'photo'),
      thumbUrl: adminReviewPhotoPath(id, 'thumb'),
      width: Number(row.width),
      height: Number(row.height),
      caption: row.caption,
      typedCaption: row.typed_caption ?? row.caption,
    });
    byReview.set(Number(row.review_id), list);
  }
  return byReview;
}

/**
 * One variant's bytes of a sent review's photo: for the public only while the review is published
 * (`publishedOnly`), for staff whatever its status. Undefined otherwise, drafts included.
 */
export async function readReviewPhoto(
  db: Knex,
  photoId: number,
  variant: 'photo' | 'thumb',
  { publishedOnly }: { publishedOnly: boolean },
): Promise<Buffer | undefined> {
  const query = db('review_photos as rp')
    .join('reviews as r', 'r.id', 'rp.review_id')
    .where('rp.id', photoId);
  if (publishedOnly) query.where('r.status', 'published');
  const row = (await query.first(variant === 'thumb' ? 'rp.thumb_bytes as bytes' : 'rp.bytes')) as
    { bytes: Buffer | null } | undefined;
  return row?.bytes ?? undefined;
}

/** Staff take one photo off a sent review; answers what it was, for the audit log (404 when none). */
export async function removeReviewPhoto(
  trx: Knex.Transaction,
  photoId: number,
): Promise<{
  reviewId: number;
  companyId: number;
  companyName: string;
  status: string;
  caption: string | null;
}> {
  const row = (await trx('review_photos as rp')
    .join('reviews as r', 'r.id', 'rp.review_id')
    .join('companies as c', 'c.id', 'r.company_id')
    .where('rp.id', photoId)
    .first('rp.review_id', 'r.company_id', 'c.name as company_name', 'r.status', 'rp.caption')) as
    | {
        review_id: number | string;
        company_id: number | string;
        company_name: string;
        status: string;
        caption: string | null;
      }
    | undefined;
  if (!row) throw notFound('No such photo: it may have been removed already');
  await trx('review_photos').where({ id: photoId }).delete();
  return {
    reviewId: Number(row.review_id),
    companyId: Number(row.company_id),
    companyName: row.company_name,
    status: row.status,
    // What the public read: the typed words may hold the writer's contact details, and movers read the log.
    caption: row.caption,
  };
}
