/**
 * The SEO Health API (below /api/admin, behind the session gate): the dashboard summary, crawls with their
 * findings and differences, starting a crawl (the `seo-crawl` script, run as a job), the tasks findings
 * become, and the analyzer that checks one page of the site on demand.
 */
import { Router, type Request, type Response } from 'express';
import {
  seoAnalyzeRequestSchema,
  seoCrawlListQuerySchema,
  seoCrawlRequestSchema,
  seoFindingListQuerySchema,
  seoIdParamSchema,
  seoTaskListQuerySchema,
  seoTaskUpdateSchema,
  type SeoAnalyzeResponse,
  type SeoCrawlDetailResponse,
  type SeoCrawlListResponse,
  type SeoCrawlStartedResponse,
  type SeoFindingListResponse,
  type SeoSummaryResponse,
  type SeoTaskListResponse,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import type { AdminLocals } from '../../auth';
import { HttpError, notFound } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { siteOrigin } from '../../../lib/http/site-origin';
import { enqueueScript, ScriptParamsError, scriptJobType } from '../../../jobs/script-jobs';
import { seoCrawlScript } from '../crawl-script';
import { analyzeUrl, sitePathOf } from '../analyzer';
import { requestSiteTarget } from '../site-target';
import { seoTasksBulkStatusRoute } from './tasks-bulk-status-route';
import { auditedChange, recordRequestAudit } from '../../audit';
import {
  activeScriptJob,
  findCrawl,
  findingsByRule,
  finishedCrawls,
  listCrawls,
  listFindings,
  listTasks,
  previousCrawlId,
  taskCounts,
  updateTaskStatus,
} from './queries';

const adminOf = (res: Response) => (res.locals as AdminLocals).admin;
const CRAWL_JOB = scriptJobType(seoCrawlScript.id);
/** Crawls on the dashboard's trend chart. */
const TREND_CRAWLS = 30;

export function adminSeoHealthRoutes(ctx: AdminContext): Router {
  const { config, db, logger } = ctx;
  const router = Router();

  const crawlOrNotFound = async (req: Request) => {
    const id = parseInput(seoIdParamSchema, req.params.id, 'params');
    const crawl = await findCrawl(db, id);
    if (!crawl) throw notFound(`No crawl with id ${id}`);
    return crawl;
  };

  router.get('/seo-health/summary', async (_req, res) => {
    const [recent, activeJob, tasks] = await Promise.all([
      finishedCrawls(db, TREND_CRAWLS),
      activeScriptJob(db, CRAWL_JOB),
      taskCounts(db),
    ]);
    const latest = recent[0] ?? null;
    const body: SeoSummaryResponse = {
      latest,
      activeJob,
      trend: [...recent].reverse(),
      byRule: latest ? await findingsByRule(db, latest.id) : [],
      tasks,
    };
    res.json(body);
  });

  router.post('/seo-health/crawls', async (req, res) => {
    const params = parseInput(seoCrawlRequestSchema, req.body ?? {}, 'body');
    const active = await activeScriptJob(db, CRAWL_JOB);
    // One crawl at a time: two would load the site twice and race on the tasks.
    if (active) throw new HttpError(409, `A crawl is already ${active.status} (job ${active.id})`);
    const admin = adminOf(res).username;
    let jobId: number;
    try {
      jobId = await auditedChange(db, req, res, async (trx, audit) => {
        const id = await enqueueScript(trx, seoCrawlScript, params, `admin:${admin}`);
        audit({
          action: 'seo_crawl.start',
          entityType: 'seo_crawl',
          entityId: id,
          summary: `Started an SEO crawl (job ${id})`,
          after: { jobId: id, params },
        });
        return id;
      });
    } catch (error) {
      if (error instanceof ScriptParamsError) throw new HttpError(400, error.message);
      throw error;
    }
    ctx.jobs?.kick(CRAWL_JOB);
    logger.info({ jobId, admin }, 'SEO crawl queued');
    const body: SeoCrawlStartedResponse = { jobId };
    res.status(202).json(body);
  });

  router.get('/seo-health/crawls', async (req, res) => {
    const query = parseInput(seoCrawlListQuerySchema, req.query, 'query');
    const body: SeoCrawlListResponse = await listCrawls(db, query);
    res.json(body);
  });

  router.get('/seo-health/crawls/:id', async (req, res) => {
    const crawl = await crawlOrNotFound(req);
    const [previousId, byRule] = await Promise.all([
      previousCrawlId(db, crawl.id),
      findingsByRule(db, crawl.id),
    ]);
    const body: SeoCrawlDetailResponse = { crawl, previousId, byRule };
    res.json(body);
  });

  router.get('/seo-health/crawls/:id/findings', async (req, res) => {
    const crawl = await crawlOrNotFound(req);
    const query = parseInput(seoFindingListQuerySchema, req.query, 'query');
    const body: SeoFindingListResponse = await listFindings(db, crawl.id, query);
    res.json(body);
  });

  router.get('/seo-health/tasks', async (req, res) => {
    const query = parseInput(seoTaskListQuerySchema, req.query, 'query');
    const body: SeoTaskListResponse = await listTasks(db, query);
    res.json(body);
  });

  router.post('/seo-health/tasks/bulk-status', seoTasksBulkStatusRoute(db));

  router.patch('/seo-health/tasks/:id', async (req, res) => {
    const id = parseInput(seoIdParamSchema, req.params.id, 'params');
    const { status } = parseInput(seoTaskUpdateSchema, req.body ?? {}, 'body');
    const admin = adminOf(res).username;
    const task = await auditedChange(db, req, res, async (trx, audit) => {
      const before = (await trx('seo_tasks').where({ id }).first('status')) as
        { status: string } | undefined;
      const after = await updateTaskStatus(trx, id, status, `admin:${admin}`);
      if (!after) throw notFound(`No task with id ${id}`);
      if (before?.status !== status)
        audit({
          action: 'seo_task.status',
          entityType: 'seo_task',
          entityId: id,
          summary: `Set SEO task ${id} to ${status}`,
          before: { status: before?.status ?? null },
          after: { status },
        });
      return after;
    });
    logger.info({ taskId: id, status, admin }, 'SEO task status changed');
    res.json(task);
  });

  router.post('/seo-health/analyze', async (req, res) => {
    const { url } = parseInput(seoAnalyzeRequestSchema, req.body ?? {}, 'body');
    const target = requestSiteTarget(config, req.socket);
    // Only this site: a path, or an address on an origin this site answers on.
    const origins = [
      ...new Set([target.siteOrigin, new URL(target.base).origin, siteOrigin(config, req)]),
    ];
    const path = sitePathOf(url, origins);
    if (path === undefined)
      throw new HttpError(
        400,
        `Only pages of this site can be analyzed: give a path such as /states/illinois or an address on ${target.siteOrigin}`,
      );
    // It changes nothing, but it makes the server fetch a page on an editor's word: accounted for.
    await recordRequestAudit(db, req, res, {
      action: 'seo_page.analyze',
      entityType: 'seo_page',
      entityId: path.slice(0, 64),
      summary: `Analyzed the page ${path}`,
    });
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const body: SeoAnalyzeResponse = await analyzeUrl(target, path, { signal: abort.signal });
    res.set('Cache-Control', 'no-store').json(body);
  });

  return router;
}
