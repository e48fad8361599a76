/**
 * /api/admin/companies, /api/admin/review-replies and /api/admin/company-applications (behind the admin
 * gate): the companies table, a company's form, the inline toggles, delete, replies to reviews and
 * applications (review moderation itself is features/reviews).
 * Every write clears this process's public read cache, so the directory shows the change at once here;
 * other server processes show it when their cache entries expire (API_CACHE_SECONDS, 10 s by default).
 */
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  idParam,
  AdminApplicationListQuerySchema,
  AdminCompanyListQuerySchema,
  AdminReviewReplyListQuerySchema,
  AdminChangeRequestListQuerySchema,
  ApplicationDeclineSchema,
  ChangeRequestDeclineSchema,
  CompanyFlagsSchema,
  CompanyInputSchema,
  CompanyUpdateSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  ReviewReplyModerationSchema,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { listAdminCompanies } from './company-list';
import { companyDetail, deleteCompany, saveCompany, setCompanyFlags } from './company-admin';
import { listReviewReplies, moderateReviewReply } from './review-replies';
import {
  approveApplication,
  declineApplication,
  findApplication,
  listApplications,
} from './applications';
import { clearPublicReads } from './public-cache';
import { createCompanyOnce } from './create-company-once';
import { companiesBulkRoute } from './companies-bulk-route';
import { companiesExportRoute } from './companies-export-route';
import { auditActor, auditedChange, changedFields, recordAudit } from '../../audit';
import {
  approveChangeRequest,
  declineChangeRequest,
  findChangeRequest,
  listChangeRequests,
} from '../pro/change-requests';

const IdParams = z.object({ id: idParam('company') });

const idOf = (req: Request) => parseInput(IdParams, req.params, 'params').id;
const adminName = (res: Response) =>
  (res.locals.admin as { username: string } | undefined)?.username ?? 'admin';

export function adminCompaniesRoutes(ctx: AdminContext): Router {
  const { db } = ctx;
  const router = Router();

  router.get('/companies', async (req, res) => {
    const query = parseInput(AdminCompanyListQuerySchema, req.query, 'query');
    res.json(await listAdminCompanies(db, query));
  });

  router.get('/companies/export.csv', companiesExportRoute(db));
  router.post('/companies/bulk', companiesBulkRoute(db));

  router.post('/companies', async (req, res) => {
    const input = parseInput(CompanyInputSchema, req.body, 'body');
    // The company and its audit entry commit together, whichever way it is created.
    const recordCreated = async (trx: Knex.Transaction, saved: { id: number }) => {
      const { values } = await companyDetail(trx, saved.id);
      await recordAudit(trx, auditActor(req, res), {
        action: 'company.create',
        entityType: 'company',
        entityId: saved.id,
        summary: `Created company ${values.name}`,
        after: values,
      });
    };
    // With a key, once per key however often it is sent (docs/decisions/028); without one, as before.
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key))
      throw new HttpError(
        400,
        `${IDEMPOTENCY_KEY_HEADER} must be 8 to 100 letters, digits, - or _`,
      );
    const { created, replayed } = key
      ? await createCompanyOnce(db, input, key, adminName(res), recordCreated)
      : {
          created: await db.transaction(async (trx) => {
            const saved = await saveCompany(trx, input, null, trx);
            await recordCreated(trx, saved);
            return saved;
          }),
          replayed: false,
        };
    if (!replayed) await clearPublicReads(req, db);
    if (replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).json(created);
  });

  router.get('/companies/:id', async (req, res) => {
    res.json(await companyDetail(db, idOf(req)));
  });

  router.put('/companies/:id', async (req, res) => {
    const id = idOf(req);
    const { version, ...input } = parseInput(CompanyUpdateSchema, req.body, 'body');
    await auditedChange(db, req, res, async (trx, audit) => {
      const before = await companyDetail(trx, id);
      await saveCompany(trx, input, id, trx, version);
      const after = await companyDetail(trx, id);
      const changed = changedFields(before.values, after.values);
      if (changed)
        audit({
          action: 'company.update',
          entityType: 'company',
          entityId: id,
          summary: `Updated company ${after.values.name}: ${Object.keys(changed.after).join(', ')}`,
          ...changed,
        });
    });
    await clearPublicReads(req, db);
    res.json(await companyDetail(db, id));
  });

  router.patch('/companies/:id', async (req, res) => {
    const id = idOf(req);
    const flags = parseInput(CompanyFlagsSchema, req.body, 'body');
    await auditedChange(db, req, res, async (trx, audit) => {
      const flagsOf = async () => {
        const { values } = await companyDetail(trx, id);
        return {
          name: values.name,
          is_featured: values.is_featured,
          is_in_list: values.is_in_list,
        };
      };
      const { name, ...before } = await flagsOf();
      await setCompanyFlags(trx, id, flags);
      const { name: _name, ...after } = await flagsOf();
      const changed = changedFields(before, after);
      if (changed)
        audit({
          action: 'company.flags',
          entityType: 'company',
          entityId: id,
          summary: `Changed the listing of ${name}: ${Object.keys(changed.after).join(', ')}`,
          ...changed,
        });
    });
    await clearPublicReads(req, db);
    res.json(await companyDetail(db, id));
  });

  router.delete('/companies/:id', async (req, res) => {
    const id = idOf(req);
    await auditedChange(db, req, res, async (trx, audit) => {
      const { values } = await companyDetail(trx, id);
      await deleteCompany(trx, id);
      audit({
        action: 'company.delete',
        entityType: 'company',
        entityId: id,
        summary: `Deleted company ${values.name}`,
        before: values,
      });
    });
    await clearPublicReads(req, db);
    res.status(204).end();
  });

  router.get('/review-replies', async (req, res) => {
    const query = parseInput(AdminReviewReplyListQuerySchema, req.query, 'query');
    res.json(await listReviewReplies(db, query));
  });

  router.patch('/review-replies/:id', async (req, res) => {
    const id = parseInput(z.object({ id: idParam('reply') }), req.params, 'params').id;
    const decision = parseInput(ReviewReplyModerationSchema, req.body ?? {}, 'body');
    const reply = await auditedChange(db, req, res, (trx, audit) =>
      moderateReviewReply(trx, id, decision, adminName(res), audit, ctx.config),
    );
    // A published reply shows on the profile, a rejected one leaves it: either way the page changed.
    await clearPublicReads(req, db);
    ctx.jobs?.kick();
    res.json(reply);
  });

  router.get('/company-applications', async (req, res) => {
    const query = parseInput(AdminApplicationListQuerySchema, req.query, 'query');
    res.json(await listApplications(db, query));
  });

  router.get('/company-applications/:id', async (req, res) => {
    res.json(await findApplication(db, idOf(req)));
  });

  router.post('/company-applications/:id/approve', async (req, res) => {
    const id = idOf(req);
    const input = parseInput(CompanyInputSchema, req.body, 'body');
    const created = await auditedChange(db, req, res, async (trx, audit) => {
      const company = await approveApplication(trx, id, input, adminName(res));
      const { values } = await companyDetail(trx, company.id);
      audit([
        {
          action: 'company_application.approve',
          entityType: 'company_application',
          entityId: id,
          summary: `Approved the application of ${values.name}`,
          before: { status: 'pending' },
          after: { status: 'approved', company_id: company.id },
        },
        {
          action: 'company.create',
          entityType: 'company',
          entityId: company.id,
          summary: `Created company ${values.name} from application ${id}`,
          after: values,
        },
      ]);
      return company;
    });
    await clearPublicReads(req, db);
    res.status(201).json(created);
  });

  router.post('/company-applications/:id/decline', async (req, res) => {
    const id = idOf(req);
    const { note } = parseInput(ApplicationDeclineSchema, req.body ?? {}, 'body');
    await auditedChange(db, req, res, async (trx, audit) => {
      await declineApplication(trx, id, adminName(res), note);
      const application = await findApplication(trx, id);
      audit({
        action: 'company_application.decline',
        entityType: 'company_application',
        entityId: id,
        summary: `Declined the application of ${application.companyName}`,
        before: { status: 'pending' },
        after: { status: 'declined', ...(note ? { note } : {}) },
      });
    });
    res.json(await findApplication(db, id));
  });

  router.get('/company-change-requests', async (req, res) => {
    const query = parseInput(AdminChangeRequestListQuerySchema, req.query, 'query');
    res.json(await listChangeRequests(db, query));
  });

  router.get('/company-change-requests/:id', async (req, res) => {
    res.json(await findChangeRequest(db, idOf(req)));
  });

  router.post('/company-change-requests/:id/approve', async (req, res) => {
    const id = idOf(req);
    const decided = await auditedChange(db, req, res, async (trx, audit) => {
      const { request, before, after } = await approveChangeRequest(trx, id, adminName(res));
      audit([
        {
          action: 'company_change_request.approve',
          entityType: 'company_change_request',
          entityId: id,
          summary: `Approved the change of ${request.companyName} asked by ${request.requestedBy}`,
          before: { status: 'pending' },
          after: { status: 'approved' },
          companyId: request.companyId,
        },
        {
          action: 'company.update',
          entityType: 'company',
          entityId: request.companyId,
          summary: `Updated company ${request.companyName} from change request ${id}`,
          companyId: request.companyId,
          ...(changedFields(before, after) ?? { before, after }),
        },
      ]);
      return request;
    });
    await clearPublicReads(req, db);
    res.json(decided);
  });

  router.post('/company-change-requests/:id/decline', async (req, res) => {
    const id = idOf(req);
    const { reason } = parseInput(ChangeRequestDeclineSchema, req.body ?? {}, 'body');
    const decided = await auditedChange(db, req, res, async (trx, audit) => {
      const request = await declineChangeRequest(trx, id, adminName(res), reason);
      audit({
        action: 'company_change_request.decline',
        entityType: 'company_change_request',
        entityId: id,
        summary: `Declined the change of ${request.companyName}: ${reason}`,
        before: { status: 'pending' },
        after: { status: 'declined', note: reason },
        companyId: request.companyId,
      });
      return request;
    });
    res.json(decided);
  });

  return router;
}
