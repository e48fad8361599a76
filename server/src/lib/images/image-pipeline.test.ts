/**
 * The upload pipeline on pictures made with sharp (test/support/pictures.ts; no binary fixtures): what is taken
 * comes out as WebP at the profile's sizes, upright, with no metadata; what is not a JPEG, PNG, WebP or AVIF
 * picture — an SVG, a GIF, an HTML page or text named .jpg, a truncated file — is refused with plain words.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES } from '@moveratlas/contracts';
import { picture } from '../../../test/support/pictures';
import { HttpError } from '../http-error';
import { LOGO_MAX_SIDE, PHOTO_MAX_WIDTH, processUpload, THUMB_MAX_WIDTH } from './image-pipeline';

const refusal = async (input: Buffer, kind: 'photo' | 'logo' = 'photo') => {
  const error = await processUpload(input, kind).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

describe('the image upload pipeline', () => {
  it('makes a large JPEG a 1600 px WebP and a 480 px thumbnail, metadata gone', async () => {
    const input = await picture(3000, 2000, 'jpeg', { exif: true });
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processUpload(input, 'photo');
    const large = await sharp(out.bytes).metadata();
    expect(large.format).toBe('webp');
    expect([large.width, large.height]).toEqual([PHOTO_MAX_WIDTH, 1067]);
    expect([out.width, out.height]).toEqual([PHOTO_MAX_WIDTH, 1067]);
    expect(large.exif).toBeUndefined();
    expect(large.icc).toBeUndefined();
    expect(large.xmp).toBeUndefined();
    const thumb = await sharp(out.thumb!).metadata();
    expect(thumb.format).toBe('webp');
    expect(thumb.width).toBe(THUMB_MAX_WIDTH);
    expect(thumb.exif).toBeUndefined();
  });

  it('turns a picture upright by its EXIF orientation before dropping it', async () => {
    // Stored 400 × 200 with orientation 6 ("rotate 90° clockwise to view"): shown 200 × 400.
    const input = await picture(400, 200, 'jpeg', { exif: true, orientation: 6 });
    const out = await processUpload(input, 'photo');
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.orientation).toBeUndefined();
    // The red left half is now the top half.
    const { data } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    const top = [data[0]!, data[1]!, data[2]!];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
  });

  it('never enlarges a small photo', async () => {
    const out = await processUpload(await picture(300, 200, 'png'), 'photo');
    expect([out.width, out.height]).toEqual([300, 200]);
    expect((await sharp(out.thumb!).metadata()).width).toBe(300);
  });

  it('fits a logo within a 400 px square, with no thumbnail', async () => {
    const out = await processUpload(await picture(1200, 600, 'png'), 'logo');
    expect([out.width, out.height]).toEqual([LOGO_MAX_SIDE, 200]);
    expect(out.thumb).toBeNull();
    expect((await sharp(out.bytes).metadata()).format).toBe('webp');
  });

  it.each(['webp', 'avif'] as const)('takes a %s picture', async (format) => {
    const out = await processUpload(await picture(640, 480, format), 'photo');
    expect((await sharp(out.bytes).metadata()).format).toBe('webp');
  });

  it.each([
    ['text named .jpg', Buffer.from('just some words, not a picture\n')],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      ),
    ],
  ])('refuses %s with 415', async (_what, input) => {
    const error = await refusal(input);
    expect(error.status).toBe(415);
    expect(error.message).toBe(
      'The file is not a picture we can use: upload a JPEG, PNG, WebP or AVIF image',
    );
  });

  it('refuses a GIF with 415', async () => {
    expect((await refusal(await picture(20, 20, 'gif'))).status).toBe(415);
  });

  it('refuses a truncated JPEG with 415', async () => {
    const whole = await picture(800, 600, 'jpeg');
    const error = await refusal(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/could not be read/);
  });

  it('refuses a file over the size limit with 413 and an empty one with 400', async () => {
    const error = await refusal(Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1));
    expect(error.status).toBe(413);
    expect(error.message).toBe('The picture is too large: at most 8 MB');
    expect((await refusal(Buffer.alloc(0))).status).toBe(400);
  });

  it('refuses a picture of more than 40 megapixels with 413, before decoding it', async () => {
    // A PNG of one colour compresses to a few kilobytes whatever its size: a decompression bomb's shape.
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(IMAGE_UPLOAD_MAX_BYTES);
    const error = await refusal(bomb);
    expect(error.status).toBe(413);
    expect(error.message).toBe('The picture has too many pixels: at most 40 megapixels');
  });
});
