/**
 * The QA Automation API (below /api/admin, behind the session gate): the history of runs with their checks,
 * and starting a run of some suites (the `qa-suites` script, run as a job).
 */
import { Router, type Response } from 'express';
import {
  QA_SUITES,
  qaRunIdParamSchema,
  qaRunListQuerySchema,
  qaRunRequestSchema,
  type QaRunDetailResponse,
  type QaRunListResponse,
  type QaRunStartedResponse,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import type { AdminLocals } from '../../auth';
import { HttpError, notFound } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { enqueueScript, scriptJobType } from '../../../jobs/script-jobs';
import { activeScriptJob } from '../../seo-health';
import { qaParamsFor, qaSuitesScript } from '../qa-script';
import { findQaRun, listQaChecks, listQaRuns } from './queries';
import { auditedChange } from '../../audit';

const adminOf = (res: Response) => (res.locals as AdminLocals).admin;
const QA_JOB = scriptJobType(qaSuitesScript.id);

export function adminQaRoutes(ctx: AdminContext): Router {
  const { db, logger } = ctx;
  const router = Router();

  router.get('/qa-automation/runs', async (req, res) => {
    const query = parseInput(qaRunListQuerySchema, req.query, 'query');
    const [list, activeJob] = await Promise.all([
      listQaRuns(db, query),
      activeScriptJob(db, QA_JOB),
    ]);
    const body: QaRunListResponse = { ...list, activeJob };
    res.json(body);
  });

  router.get('/qa-automation/runs/:id', async (req, res) => {
    const id = parseInput(qaRunIdParamSchema, req.params.id, 'params');
    const run = await findQaRun(db, id);
    if (!run) throw notFound(`No QA run with id ${id}`);
    const body: QaRunDetailResponse = { run, checks: await listQaChecks(db, id) };
    res.json(body);
  });

  router.post('/qa-automation/runs', async (req, res) => {
    const { suites = [...QA_SUITES] } = parseInput(qaRunRequestSchema, req.body ?? {}, 'body');
    const active = await activeScriptJob(db, QA_JOB);
    // One run at a time: two would share the test partner's rate allowance and the site's load.
    if (active) throw new HttpError(409, `A QA run is already ${active.status} (job ${active.id})`);
    const admin = adminOf(res).username;
    const jobId = await auditedChange(db, req, res, async (trx, audit) => {
      const id = await enqueueScript(trx, qaSuitesScript, qaParamsFor(suites), `admin:${admin}`);
      audit({
        action: 'qa_run.start',
        entityType: 'qa_run',
        entityId: id,
        summary: `Started a QA run: ${suites.join(', ')} (job ${id})`,
        after: { jobId: id, suites },
      });
      return id;
    });
    ctx.jobs?.kick(QA_JOB);
    logger.info({ jobId, suites, admin }, 'QA run queued');
    const body: QaRunStartedResponse = { jobId };
    res.status(202).json(body);
  });

  return router;
}
