/**
 * The mover's profile editor under /api/pro/companies/:companyId (behind the pro gate, which has checked the
 * session, the CSRF header on writes and that the mover belongs to the company: res.locals.proCompany):
 *   GET    /profile             the editable values, the pictures and the change waiting for staff
 *   PATCH  /profile             publishes description, services, area, radius, phone, website, hours at once;
 *                               a new name, USDOT or MC number becomes a change request for staff
 *   POST   /images?kind=photo|logo   the picture as the raw request body (checked by content, 8 MB at most)
 *   DELETE /images/:imageId     removes a photo or the logo
 *   PUT    /photos/order        the photos' new order
 *   DELETE /photos/linked?url=  removes a photo staff entered by its address (the mover's own are uploads)
 * Every write is recorded in the audit log with the company's id, with before and after, in the write's own
 * transaction, and every change the public profile shows clears the public caches.
 */
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  COMPANY_IMAGE_KINDS,
  idParam,
  LinkedPhotoQuerySchema,
  PhotoOrderSchema,
  PRO_PROFILE_FIELD_LABELS,
  ProProfileUpdateSchema,
} from '@moveratlas/contracts';
import type { AppContext } from '../../../app-context';
import { processUpload } from '../../../lib/images/image-pipeline';
import { readImageUpload } from '../../../lib/images/read-upload';
import { parseInput } from '../../../lib/validate';
import { recordAudit, type AuditEntry } from '../../audit';
import { proAuditActor, type ProCompanyLocals } from '../../movers';
import { clearPublicReads } from '../admin/public-cache';
import {
  addCompanyImage,
  deleteCompanyImage,
  publishCompanyImages,
  removeLinkedPhoto,
  reorderPhotos,
} from '../media/image-store';
import { readProfile, saveProfile } from './profile';

const ImageQuery = z.object({
  kind: z.enum(COMPANY_IMAGE_KINDS, { message: 'Say whether the picture is a photo or the logo' }),
});
const ImageParams = z.object({ imageId: idParam('picture') });

const company = (res: Response) => (res.locals as ProCompanyLocals).proCompany;
const mover = (res: Response) => (res.locals as ProCompanyLocals).mover;

const fieldList = (fields: Record<string, unknown>) =>
  Object.keys(fields)
    .map((f) => PRO_PROFILE_FIELD_LABELS[f as keyof typeof PRO_PROFILE_FIELD_LABELS] ?? f)
    .join(', ')
    .toLowerCase();

export function proCompanyProfileRoutes(ctx: Pick<AppContext, 'db'>): Router {
  const { db } = ctx;
  const router = Router();

  /** Runs a write and its audit entries in one transaction, the entries naming the mover and company. */
  const audited = <T>(
    req: Request,
    res: Response,
    work: (trx: Knex.Transaction) => Promise<{ result: T; entries: AuditEntry[] }>,
  ): Promise<T> =>
    db.transaction(async (trx) => {
      const { result, entries } = await work(trx);
      const companyId = company(res).id;
      await recordAudit(
        trx,
        proAuditActor(req, res),
        entries.map((e) => ({ ...e, companyId })),
      );
      return result;
    });

  router.get('/profile', async (_req, res) => {
    res.json(await readProfile(db, company(res).id));
  });

  router.patch('/profile', async (req, res) => {
    const update = parseInput(ProProfileUpdateSchema, req.body ?? {}, 'body');
    const { id, name } = company(res);
    const who = mover(res);
    const saved = await audited(req, res, async (trx) => {
      const result = await saveProfile(trx, id, update, {
        moverId: who.id,
        name: who.name || who.email,
      });
      const entries: AuditEntry[] = [];
      if (result.published)
        entries.push({
          action: 'company.profile.update',
          entityType: 'company',
          entityId: id,
          summary: `Updated the profile of ${name}: ${fieldList(result.published.after)}`,
          ...result.published,
        });
      if (result.request)
        entries.push({
          action: 'company.change_request',
          entityType: 'company_change_request',
          entityId: result.request.request.id,
          summary:
            Object.keys(result.request.request.changes).length === 0
              ? `Withdrew the change of ${name} waiting for review`
              : `Asked staff to change ${fieldList(result.request.request.changes)} of ${name}`,
          before: result.request.previous,
          after: result.request.request.changes,
        });
      return { result, entries };
    });
    if (saved.published) await clearPublicReads(req, db);
    res.json(await readProfile(db, id));
  });

  router.post('/images', async (req, res) => {
    const { kind } = parseInput(ImageQuery, req.query, 'query');
    const bytes = await readImageUpload(req, res);
    // The heavy work (decoding, resizing) before the transaction: no lock is held while it runs.
    const processed = await processUpload(bytes, kind);
    const { id, name } = company(res);
    const image = await audited(req, res, async (trx) => {
      const added = await addCompanyImage(trx, id, kind, processed, mover(res).id);
      const { before, after } = await publishCompanyImages(trx, id);
      return {
        result: added,
        entries: [
          {
            action: kind === 'logo' ? 'company.logo.upload' : 'company.photo.upload',
            entityType: 'company',
            entityId: id,
            summary: `Uploaded a new ${kind} for ${name}`,
            before,
            after: { ...after, image_id: added.id },
          },
        ],
      };
    });
    await clearPublicReads(req, db);
    res.status(201).json({ image, profile: await readProfile(db, id) });
  });

  router.delete('/images/:imageId', async (req, res) => {
    const { imageId } = parseInput(ImageParams, req.params, 'params');
    const { id, name } = company(res);
    await audited(req, res, async (trx) => {
      const removed = await deleteCompanyImage(trx, id, imageId);
      const { before, after } = await publishCompanyImages(trx, id);
      return {
        result: removed,
        entries: [
          {
            action: removed.kind === 'logo' ? 'company.logo.delete' : 'company.photo.delete',
            entityType: 'company',
            entityId: id,
            summary: `Deleted a ${removed.kind} of ${name}`,
            before: { ...before, image_id: removed.id },
            after,
          },
        ],
      };
    });
    await clearPublicReads(req, db);
    res.json(await readProfile(db, id));
  });

  router.delete('/photos/linked', async (req, res) => {
    const { url } = parseInput(LinkedPhotoQuerySchema, req.query, 'query');
    const { id, name } = company(res);
    await audited(req, res, async (trx) => {
      const before = await removeLinkedPhoto(trx, id, url);
      const { after } = await publishCompanyImages(trx, id);
      return {
        result: null,
        entries: [
          {
            action: 'company.photo.delete',
            entityType: 'company',
            entityId: id,
            summary: `Removed a photo our staff had added to ${name}`,
            before,
            after,
          },
        ],
      };
    });
    await clearPublicReads(req, db);
    res.json(await readProfile(db, id));
  });

  router.put('/photos/order', async (req, res) => {
    const { ids } = parseInput(PhotoOrderSchema, req.body ?? {}, 'body');
    const { id, name } = company(res);
    const changed = await audited(req, res, async (trx) => {
      await reorderPhotos(trx, id, ids);
      const { before, after } = await publishCompanyImages(trx, id);
      const moved = JSON.stringify(before.photo_urls) !== JSON.stringify(after.photo_urls);
      return {
        result: moved,
        entries: moved
          ? [
              {
                action: 'company.photo.reorder',
                entityType: 'company',
                entityId: id,
                summary: `Changed the order of the photos of ${name}`,
                before: { photo_urls: before.photo_urls },
                after: { photo_urls: after.photo_urls },
              },
            ]
          : [],
      };
    });
    if (changed) await clearPublicReads(req, db);
    res.json(await readProfile(db, id));
  });

  return router;
}
