/**
 * How every stored picture goes out (the movers' media, reviews' photos): only WebP the server wrote itself,
 * as image/webp with nosniff and a sandboxing CSP, so nothing served from /media can run as a page; readable
 * by partner pages that embed the widget; an unknown or withheld picture answers 404 in JSON, never cached.
 */
import type { Response } from 'express';

/** The id and variant in a media file name `<id>-<variant>.webp`, or null for any other name. */
export function mediaFileOf<Variant extends string>(
  file: string,
  variants: readonly Variant[],
): { id: number; variant: Variant } | null {
  const match = /^([1-9]\d{0,9})-([a-z]+)\.webp$/.exec(file);
  if (!match) return null;
  const id = Number(match[1]);
  const variant = match[2] as Variant;
  // The ids are 32-bit columns on MariaDB: a larger number names nothing.
  return id <= 2_147_483_647 && variants.includes(variant) ? { id, variant } : null;
}

export function sendPicture(res: Response, bytes: Buffer | undefined, cacheControl: string): void {
  res.set('X-Content-Type-Options', 'nosniff');
  if (!bytes) {
    res.set('Cache-Control', 'no-store');
    res.status(404).json({ error: 'No such picture' });
    return;
  }
  res.set({
    'Content-Type': 'image/webp',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': cacheControl,
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
  res.send(bytes);
}
