/**
 * A company's uploaded photos and logo in the database (company_images), and what the public profile reads
 * of them: after every change the company's `logo` and `photo_urls` name the uploads' /media addresses (its
 * photos in their order, then any addresses staff entered by hand), the company's version goes up so an
 * admin form open on the old photos cannot overwrite them unseen, and the caller clears the public caches.
 * Every function takes the caller's transaction.
 */
import type { Knex } from 'knex';
import {
  companyMediaPath,
  isUploadedImageAddress,
  MAX_PRO_PHOTOS,
  type CompanyImage,
  type CompanyImageKind,
} from '@moveratlas/contracts';
import { HttpError, notFound } from '../../../lib/http-error';
import { parsePhotoUrls } from '../company-row';
import { timestampNow } from '../admin/company-store';
import type { ProcessedImage } from '../../../lib/images/image-pipeline';

interface ImageRow {
  id: number | string;
  kind: CompanyImageKind;
  position: number | string;
  width: number | string;
  height: number | string;
}

function toImage(row: ImageRow): CompanyImage {
  const id = Number(row.id);
  const url = companyMediaPath(id, row.kind === 'logo' ? 'logo' : 'photo');
  return {
    id,
    kind: row.kind,
    url,
    thumbUrl: row.kind === 'logo' ? url : companyMediaPath(id, 'thumb'),
    width: Number(row.width),
    height: Number(row.height),
  };
}

/** The company's uploaded logo and photos (in their order), without their bytes. */
export async function listCompanyImages(
  db: Knex | Knex.Transaction,
  companyId: number,
): Promise<{ logo: CompanyImage | null; photos: CompanyImage[] }> {
  const rows = (await db('company_images')
    .where('company_id', companyId)
    .orderBy([
      { column: 'kind', order: 'asc' },
      { column: 'position', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .select('id', 'kind', 'position', 'width', 'height')) as ImageRow[];
  const images = rows.map(toImage);
  return {
    logo: images.find((i) => i.kind === 'logo') ?? null,
    photos: images.filter((i) => i.kind === 'photo'),
  };
}

/** The company's logo and photo addresses as stored: its uploads' and those staff entered by hand. */
async function companyAddresses(
  db: Knex | Knex.Transaction,
  companyId: number,
): Promise<{ logo: string | null; photoUrls: string[] }> {
  const row = (await db('companies').where('id', companyId).first('logo', 'photo_urls')) as
    { logo: string | null; photo_urls: string | null } | undefined;
  if (!row) throw notFound('No such company');
  return { logo: row.logo, photoUrls: parsePhotoUrls(row.photo_urls) };
}

/** The addresses staff entered by hand (not uploads), which the profile keeps after the uploads. */
const enteredByHand = (urls: readonly string[]) => urls.filter((u) => !isUploadedImageAddress(u));

/**
 * Points the company's logo and photo addresses at its uploads and raises its version. Answers the values
 * before and after, for the audit log.
 */
export async function publishCompanyImages(
  trx: Knex.Transaction,
  companyId: number,
): Promise<{
  before: { logo: string | null; photo_urls: string[] };
  after: { logo: string | null; photo_urls: string[] };
}> {
  const current = await companyAddresses(trx, companyId);
  const { logo, photos } = await listCompanyImages(trx, companyId);
  const byHand = enteredByHand(current.photoUrls);
  const photoUrls = [...photos.map((p) => p.url), ...byHand].slice(0, MAX_PRO_PHOTOS);
  const logoUrl =
    logo?.url ?? (current.logo && !isUploadedImageAddress(current.logo) ? current.logo : null);
  await trx('companies')
    .where('id', companyId)
    .update({
      logo: logoUrl,
      photo_urls: JSON.stringify(photoUrls),
      updated_at: timestampNow(),
      version: trx.raw('?? + 1', ['version']),
    });
  return {
    before: { logo: current.logo, photo_urls: current.photoUrls },
    after: { logo: logoUrl, photo_urls: photoUrls },
  };
}

/**
 * Stores a processed upload: a photo goes last in the order (409 past the limit); a logo replaces the
 * company's logo. Answers the new image.
 */
export async function addCompanyImage(
  trx: Knex.Transaction,
  companyId: number,
  kind: CompanyImageKind,
  image: ProcessedImage,
  moverId: number | null,
): Promise<CompanyImage> {
  // The company's row first: two uploads at once queue here, so the count and the position stay right.
  await trx('companies').where('id', companyId).forUpdate().first('id');
  let position = 0;
  if (kind === 'photo') {
    const { photos } = await listCompanyImages(trx, companyId);
    const { photoUrls } = await companyAddresses(trx, companyId);
    const byHand = enteredByHand(photoUrls).length;
    if (photos.length + byHand >= MAX_PRO_PHOTOS)
      throw new HttpError(
        409,
        `A profile has at most ${MAX_PRO_PHOTOS} photos: delete one before adding another`,
      );
    const last = (await trx('company_images')
      .where({ company_id: companyId, kind: 'photo' })
      .max({ p: 'position' })
      .first()) as { p: number | string | null } | undefined;
    position = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
  } else {
    await trx('company_images').where({ company_id: companyId, kind: 'logo' }).delete();
  }
  const [inserted] = (await trx('company_images').insert({
    company_id: companyId,
    kind,
    position,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    thumb_bytes: image.thumb,
    created_by_mover_id: moverId,
    created_at: Date.now(),
  })) as number[];
  const id = Number(inserted);
  return toImage({ id, kind, position, width: image.width, height: image.height });
}

/** Deletes one of the company's images; 404 when it has no image of that id (another company's included). */
export async function deleteCompanyImage(
  trx: Knex.Transaction,
  companyId: number,
  imageId: number,
): Promise<CompanyImage> {
  const row = (await trx('company_images')
    .where({ id: imageId, company_id: companyId })
    .first('id', 'kind', 'position', 'width', 'height')) as ImageRow | undefined;
  if (!row) throw notFound('No such picture');
  await trx('company_images').where({ id: imageId, company_id: companyId }).delete();
  return toImage(row);
}

/** The photo addresses staff entered by hand, in the profile's order: what `publishCompanyImages` keeps. */
export async function listLinkedPhotos(
  db: Knex | Knex.Transaction,
  companyId: number,
): Promise<string[]> {
  return enteredByHand((await companyAddresses(db, companyId)).photoUrls);
}

/**
 * Takes one photo address staff entered off the profile (a mover cannot change where it points, only remove
 * it); 404 when the profile no longer shows it. Answers the addresses as they were, for the audit log; the
 * caller then publishes the images as after any change.
 */
export async function removeLinkedPhoto(
  trx: Knex.Transaction,
  companyId: number,
  url: string,
): Promise<{ logo: string | null; photo_urls: string[] }> {
  await trx('companies').where('id', companyId).forUpdate().first('id');
  const { logo, photoUrls } = await companyAddresses(trx, companyId);
  if (isUploadedImageAddress(url) || !photoUrls.includes(url))
    throw notFound('That photo is no longer on your profile');
  await trx('companies')
    .where('id', companyId)
    .update({ photo_urls: JSON.stringify(photoUrls.filter((u) => u !== url)) });
  return { logo, photo_urls: photoUrls };
}

/** Puts the company's photos in the given order: every photo of the company, each once (400 otherwise). */
export async function reorderPhotos(
  trx: Knex.Transaction,
  companyId: number,
  ids: readonly number[],
): Promise<void> {
  const { photos } = await listCompanyImages(trx, companyId);
  const have = new Set(photos.map((p) => p.id));
  if (ids.length !== have.size || !ids.every((id) => have.has(id)))
    throw new HttpError(400, 'The new order must name every photo of the company once');
  for (const [position, id] of ids.entries())
    await trx('company_images').where({ id, company_id: companyId }).update({ position });
}

/** One variant's bytes, or undefined when there is no such image. */
export async function readMedia(
  db: Knex,
  imageId: number,
  variant: 'photo' | 'thumb' | 'logo',
): Promise<Buffer | undefined> {
  const row = (await db('company_images')
    .where({ id: imageId, kind: variant === 'logo' ? 'logo' : 'photo' })
    .first(variant === 'thumb' ? 'thumb_bytes as bytes' : 'bytes')) as
    { bytes: Buffer | null } | undefined;
  return row?.bytes ?? undefined;
}
