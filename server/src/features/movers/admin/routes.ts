/**
 * /api/admin/companies/:id/users (behind the admin gate and the role policy):
 *   GET   /companies/:id/users           claim status and the company's users
 *   PATCH /companies/:id/users/:userId   { status: active | suspended, reason? } — audited; suspending ends sessions
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { AdminCompanyUserStatusSchema, idParam } from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import { parseInput } from '../../../lib/validate';
import { auditedChange } from '../../audit';
import { companyUser, companyUsers, setMoverUserStatus } from './company-users';

const Params = z.object({ id: idParam('company'), userId: idParam('user').optional() });
const paramsOf = (req: Request) => parseInput(Params, req.params, 'params');

export function adminCompanyUserRoutes(ctx: AdminContext): Router {
  const { db } = ctx;
  const router = Router();

  router.get('/companies/:id/users', async (req, res) => {
    res.json(await companyUsers(db, paramsOf(req).id));
  });

  router.patch('/companies/:id/users/:userId', async (req, res) => {
    const { id, userId } = paramsOf(req);
    const { status, reason } = parseInput(AdminCompanyUserStatusSchema, req.body ?? {}, 'body');
    const user = await auditedChange(db, req, res, async (trx, audit) => {
      const before = await companyUser(trx, id, userId!);
      if (before.status === status) return before;
      await setMoverUserStatus(trx, userId!, status, reason, Date.now());
      const company = (await trx('companies').where({ id }).first('name')) as { name: string };
      audit({
        action: 'mover_user.status',
        entityType: 'mover_user',
        entityId: userId!,
        companyId: id,
        summary: `${status === 'suspended' ? 'Suspended' : 'Restored'} ${before.name} (${before.email}) of ${company.name}`,
        before: { status: before.status },
        after: { status, ...(status === 'suspended' && reason ? { reason } : {}) },
      });
      return companyUser(trx, id, userId!);
    });
    res.json(user);
  });

  return router;
}
