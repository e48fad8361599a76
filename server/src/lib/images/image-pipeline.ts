/**
 * What an upload becomes before it is stored — a mover's photo or logo (issue 17), a review's photo (issue 19),
 * so below every resource: checked by its content — JPEG, PNG, WebP or AVIF as
 * libvips reads it, whatever its name or Content-Type says; an SVG, a GIF, an HTML page or a text file is
 * refused — within a size and a pixel limit, turned upright by its EXIF orientation, then written anew as
 * WebP at the sizes the profile shows. Nothing of the original's metadata (EXIF with its GPS position, ICC,
 * XMP, comments) survives: sharp writes none unless asked.
 */
import sharp, { type Metadata } from 'sharp';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_PIXELS,
  type CompanyImageKind,
} from '@moveratlas/contracts';
import { HttpError } from '../http-error';

/** A photo's large variant: at most this wide. */
export const PHOTO_MAX_WIDTH = 1600;
/** A photo's thumbnail: at most this wide. */
export const THUMB_MAX_WIDTH = 480;
/** A logo: within this square. */
export const LOGO_MAX_SIDE = 400;

const WEBP_QUALITY = 82;

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
  /** A photo's thumbnail; null for a logo. */
  thumb: Buffer | null;
}

const unsupported = () =>
  new HttpError(
    415,
    'The file is not a picture we can use: upload a JPEG, PNG, WebP or AVIF image',
  );

/** The container formats we take, as sharp's metadata names them (AVIF is HEIF with AV1 inside). */
function acceptedFormat(meta: Metadata): boolean {
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') return true;
  return meta.format === 'heif' && meta.compression === 'av1';
}

const open = (input: Buffer) =>
  sharp(input, {
    limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS,
    // A truncated or corrupt file is refused, not half drawn.
    failOn: 'error',
    // One frame of an animated WebP or PNG.
    pages: 1,
  });

/** Checks an upload and makes its variants; throws HttpError 413 or 415 with plain words. */
export async function processUpload(
  input: Buffer,
  kind: CompanyImageKind,
): Promise<ProcessedImage> {
  if (input.length === 0) throw new HttpError(400, 'The file is empty: choose a picture to upload');
  if (input.length > IMAGE_UPLOAD_MAX_BYTES)
    throw new HttpError(
      413,
      `The picture is too large: at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
    );
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw unsupported();
  }
  if (!acceptedFormat(meta) || !meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > IMAGE_UPLOAD_MAX_PIXELS)
    throw new HttpError(
      413,
      `The picture has too many pixels: at most ${IMAGE_UPLOAD_MAX_PIXELS / 1_000_000} megapixels`,
    );
  try {
    if (kind === 'logo') {
      const { data, info } = await open(input)
        .autoOrient()
        .resize({
          width: LOGO_MAX_SIDE,
          height: LOGO_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: WEBP_QUALITY, alphaQuality: 100 })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height, thumb: null };
    }
    const [large, thumb] = await Promise.all([
      open(input)
        .autoOrient()
        .resize({ width: PHOTO_MAX_WIDTH, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true }),
      open(input)
        .autoOrient()
        .resize({ width: THUMB_MAX_WIDTH, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    ]);
    return { bytes: large.data, width: large.info.width, height: large.info.height, thumb };
  } catch {
    // libvips could read the header but not the picture (truncated, corrupt).
    throw new HttpError(415, 'The picture could not be read: it may be damaged. Try another file');
  }
}
