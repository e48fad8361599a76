/**
 * /api/admin/deletion-requests: the visitors' requests to delete their data (issue 18), and fulfilling one.
 * The fulfilment is audited with what it removed — counts, never the address.
 */
import { Router, type Response } from 'express';
import { adminDeletionRequestListQuerySchema, idParam } from '@moveratlas/contracts';
import type { AdminContext } from '../../../../app-context';
import type { AdminLocals } from '../../../auth';
import { HttpError, notFound } from '../../../../lib/http-error';
import { parseInput } from '../../../../lib/validate';
import { auditedChange } from '../../../audit';
import {
  findDeletionRequest,
  fulfilDeletionRequest,
  listDeletionRequests,
  maskEmail,
} from './deletion-requests';

const adminOf = (res: Response) => (res.locals as AdminLocals).admin;
const RequestIdSchema = idParam('request');

export function adminDeletionRequestRoutes({ db }: AdminContext): Router {
  const router = Router();

  router.get('/deletion-requests', async (req, res) => {
    const { status, page } = parseInput(adminDeletionRequestListQuerySchema, req.query, 'query');
    res.json(await listDeletionRequests(db, status, page));
  });

  router.post('/deletion-requests/:id/fulfil', async (req, res) => {
    const id = parseInput(RequestIdSchema, req.params.id, 'params');
    await auditedChange(db, req, res, async (trx, audit) => {
      const outcome = await fulfilDeletionRequest(trx, id, adminOf(res).username);
      if (outcome === undefined) throw notFound(`No deletion request ${id}`);
      if (outcome === 'done')
        throw new HttpError(409, 'This request was already fulfilled: the data is gone.');
      audit({
        action: 'lead.data-delete',
        entityType: 'deletion_request',
        entityId: id,
        summary: `Deleted the data of ${maskEmail(outcome.email)}: ${outcome.leadsDeleted} requests, ${outcome.mailsDeleted} e-mails`,
        before: { status: 'open' },
        after: {
          status: 'done',
          leadsDeleted: outcome.leadsDeleted,
          mailsDeleted: outcome.mailsDeleted,
        },
      });
    });
    res.json(await findDeletionRequest(db, id));
  });

  return router;
}
