/**
 * The evidence document: recognised by its first bytes, never by its name or the type the browser gave.
 * A PDF (%PDF-), a PNG, a JPEG or a WebP; anything else — a text file named .pdf, an HTML page, a script —
 * is refused. Staff download it as an attachment (never shown inline) with nosniff, so a file that is more
 * than it looks cannot run in the admin's origin.
 */
import { CLAIM_DOCUMENT_MAX_BYTES, type ClaimDocumentType } from '@moveratlas/contracts';
import { HttpError } from '../../lib/http-error';

const startsWith = (bytes: Buffer, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

export function documentTypeOf(bytes: Buffer): ClaimDocumentType | undefined {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return undefined;
}

const EXTENSIONS: Record<ClaimDocumentType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The decoded document with its type from its content; 400/413 in plain words otherwise. */
export function readDocument(base64: string): { bytes: Buffer; type: ClaimDocumentType } {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new HttpError(400, 'Attach a document');
  if (bytes.length > CLAIM_DOCUMENT_MAX_BYTES)
    throw new HttpError(
      413,
      `The document is larger than ${CLAIM_DOCUMENT_MAX_BYTES / 1024 / 1024} MB; attach a smaller file or a photo of it.`,
    );
  const type = documentTypeOf(bytes);
  if (!type)
    throw new HttpError(
      400,
      'The document must be a PDF or a photo (PNG, JPEG or WebP). This file is none of those, whatever its name says.',
    );
  return { bytes, type };
}

/** A file name safe in a header: the claimant's name without its path or odd characters, with the true extension. */
export function downloadName(name: string, type: ClaimDocumentType, claimId: number): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9 _.-]/g, '')
    .trim()
    .slice(0, 80);
  return `${base || `claim-${claimId}-document`}.${EXTENSIONS[type]}`;
}
