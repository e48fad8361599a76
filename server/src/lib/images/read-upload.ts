/**
 * An upload's bytes, read from the raw request body (no multipart: the page sends the file itself), refused
 * with 413 as soon as they pass the pipeline's limit, so a huge body is never held whole. Shared by every
 * owner of uploaded pictures: a mover's profile and a visitor's review (issue 19).
 */
import type { Request, Response } from 'express';
import { IMAGE_UPLOAD_MAX_BYTES } from '@moveratlas/contracts';
import { HttpError } from '../http-error';

export async function readImageUpload(req: Request, res: Response): Promise<Buffer> {
  const tooLarge = () => {
    res.set('Connection', 'close');
    return new HttpError(
      413,
      `The picture is too large: at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
    );
  };
  if (Number(req.get('content-length') ?? 0) > IMAGE_UPLOAD_MAX_BYTES) throw tooLarge();
  if (Buffer.isBuffer(req.body)) return req.body;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMAGE_UPLOAD_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
