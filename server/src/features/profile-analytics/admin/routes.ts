/**
 * GET /api/admin/companies/:id/activity?days=30 (behind the admin gate; viewers may read it): a company's
 * profile views and link clicks per UTC day, for the Profile activity panel of its admin page.
 */
import { Router } from 'express';
import { z } from 'zod';
import { AdminCompanyActivityQuerySchema, idParam } from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import { notFound } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { companyActivity, dayRange } from '../activity-counts';

const IdParams = z.object({ id: idParam('company') });

export function adminProfileActivityRoutes(ctx: AdminContext): Router {
  const { db } = ctx;
  const router = Router();
  router.get('/companies/:id/activity', async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    const { days } = parseInput(AdminCompanyActivityQuerySchema, req.query, 'query');
    const company = (await db('companies').where({ id }).first('id')) as unknown;
    if (!company) throw notFound(`No company with id ${id}`);
    res.json(await companyActivity(db, id, dayRange(Date.now(), days)));
  });
  return router;
}
