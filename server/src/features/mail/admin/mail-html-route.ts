/**
 * GET /api/admin/mail/:id/html: a message's HTML body as a page of its own, for the Mail screen's preview
 * frame. The admin's CSP (style-src 'self') would strip the inline styles mail is written with, so this one
 * answer carries its own policy: no scripts, no requests anywhere (images only inline), inline styles
 * allowed, and `sandbox`, which makes the page an opaque origin that cannot reach the admin's cookies or API
 * even if the frame's own sandbox attribute were dropped. Only our own templates make this HTML, and they
 * escape every value; this is the second line.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { AdminMailIdSchema } from '@moveratlas/contracts';
import { parseInput } from '../../../lib/validate';
import { mailHtml } from '../mail-store';

export const MAIL_PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

export function mailHtmlRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const id = parseInput(AdminMailIdSchema, req.params.id, 'params');
    const html = await mailHtml(db, id);
    res.set('Content-Security-Policy', MAIL_PREVIEW_CSP);
    res.set('Cache-Control', 'private, no-store');
    res.type('html').send(html);
  };
}
