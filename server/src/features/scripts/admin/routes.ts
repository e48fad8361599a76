/**
 * The admin Scripts API (below /api/admin, behind the session gate): the registered scripts with their
 * parameter schemas and last runs, running one (a job), and the cron schedules of runs.
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import {
  idParam,
  scheduleInputSchema,
  schedulePreviewQuerySchema,
  scheduleUpdateSchema,
  scriptRunRequestSchema,
  type AdminSchedule,
  type AdminScript as AdminScriptWire,
  type ScheduleListResponse,
  type SchedulePreviewResponse,
  type ScriptListResponse,
  type ScriptParamsJsonSchema,
  type ScriptRunResponse,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import type { AdminLocals } from '../../auth';
import { HttpError, notFound } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { latestJobOfTypes, type Job } from '../../../jobs/queue';
import { InvalidCronError, nextOccurrences } from '../../../jobs/scheduler';
import { adminScripts, findScript } from '../registry';
import type { AdminScript } from '../../../jobs/script';
import { enqueueScript, ScriptParamsError, scriptJobType } from '../../../jobs/script-jobs';
import {
  createSchedule,
  deleteSchedule,
  findSchedule,
  listSchedules,
  updateSchedule,
} from '../schedules';
import { auditedChange, changedFields } from '../../audit';

/** What the audit log keeps of a schedule: what a person set, not the times the scheduler moves. */
const scheduleFields = (s: AdminSchedule) => ({
  script: s.scriptId,
  params: s.params,
  cron: s.cron,
  timezone: s.timezone,
  enabled: s.enabled,
});

const adminOf = (res: Response) => (res.locals as AdminLocals).admin;

const scheduleIdSchema = idParam('schedule');

const jsonSchemas = new WeakMap<AdminScript, ScriptParamsJsonSchema>();

/** The parameters' JSON Schema, as the form generator reads it (the input side: defaults are optional). */
export function paramsJsonSchema(script: AdminScript): ScriptParamsJsonSchema {
  let schema = jsonSchemas.get(script);
  if (!schema) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(script.params, { io: 'input' });
    schema = rest as ScriptParamsJsonSchema;
    jsonSchemas.set(script, schema);
  }
  return schema;
}

function toWire(script: AdminScript, last: Job | undefined): AdminScriptWire {
  return {
    id: script.id,
    title: script.title,
    description: script.description,
    params: paramsJsonSchema(script),
    lastRun: last
      ? {
          jobId: last.id,
          status: last.status,
          createdAt: last.createdAt,
          finishedAt: last.finishedAt,
          lastError: last.lastError,
          createdBy: last.createdBy,
        }
      : null,
  };
}

export function adminScriptsRoutes(ctx: AdminContext): Router {
  const { db, logger } = ctx;
  const router = Router();

  const scriptOrNotFound = (id: string) => {
    const script = findScript(id);
    if (!script) throw notFound(`No script "${id.slice(0, 64)}"`);
    return script;
  };

  router.get('/scripts', async (_req, res) => {
    const latest = await latestJobOfTypes(
      db,
      adminScripts.map((s) => scriptJobType(s.id)),
    );
    const body: ScriptListResponse = {
      scripts: adminScripts.map((s) => toWire(s, latest.get(scriptJobType(s.id)))),
    };
    res.json(body);
  });

  router.get('/scripts/:id', async (req, res) => {
    const script = scriptOrNotFound(req.params.id);
    const type = scriptJobType(script.id);
    res.json(toWire(script, (await latestJobOfTypes(db, [type])).get(type)));
  });

  router.post('/scripts/:id/run', async (req, res) => {
    const script = scriptOrNotFound(req.params.id);
    const { params } = parseInput(scriptRunRequestSchema, req.body ?? {}, 'body');
    const admin = adminOf(res).username;
    let jobId: number;
    try {
      jobId = await auditedChange(db, req, res, async (trx, audit) => {
        const id = await enqueueScript(trx, script, params, `admin:${admin}`);
        audit({
          action: 'script.run',
          entityType: 'script',
          entityId: script.id,
          summary: `Ran the script "${script.title}" (job ${id})`,
          after: { jobId: id, params },
        });
        return id;
      });
    } catch (error) {
      if (error instanceof ScriptParamsError) throw new HttpError(400, error.message);
      throw error;
    }
    ctx.jobs?.kick(scriptJobType(script.id));
    logger.info({ script: script.id, jobId, admin }, 'script run queued');
    const body: ScriptRunResponse = { jobId };
    res.status(202).json(body);
  });

  router.get('/schedules', async (_req, res) => {
    const body: ScheduleListResponse = { schedules: await listSchedules(db) };
    res.json(body);
  });

  router.get('/schedules/preview', (req, res) => {
    const { cron, timezone } = parseInput(schedulePreviewQuerySchema, req.query, 'query');
    try {
      const body: SchedulePreviewResponse = {
        nextRuns: nextOccurrences(cron, timezone, 5, Date.now()),
      };
      res.json(body);
    } catch (error) {
      if (error instanceof InvalidCronError) throw new HttpError(400, error.message);
      throw error;
    }
  });

  router.post('/schedules', async (req, res) => {
    const input = parseInput(scheduleInputSchema, req.body ?? {}, 'body');
    const admin = adminOf(res).username;
    const schedule = await auditedChange(db, req, res, async (trx, audit) => {
      const created = await createSchedule(trx, input, `admin:${admin}`);
      audit({
        action: 'schedule.create',
        entityType: 'schedule',
        entityId: created.id,
        summary: `Scheduled "${created.scriptTitle}" (${created.cron}, ${created.timezone})`,
        after: scheduleFields(created),
      });
      return created;
    });
    logger.info({ scheduleId: schedule.id, script: schedule.scriptId, admin }, 'schedule created');
    res.status(201).json(schedule);
  });

  router.patch('/schedules/:id', async (req, res) => {
    const id = parseInput(scheduleIdSchema, req.params.id, 'params');
    const change = parseInput(scheduleUpdateSchema, req.body ?? {}, 'body');
    const schedule = await auditedChange(db, req, res, async (trx, audit) => {
      const before = await findSchedule(trx, id);
      const after = await updateSchedule(trx, id, change);
      const changed = before && changedFields(scheduleFields(before), scheduleFields(after));
      if (changed)
        audit({
          action: 'schedule.update',
          entityType: 'schedule',
          entityId: id,
          summary: `Changed the schedule of "${after.scriptTitle}": ${Object.keys(changed.after).join(', ')}`,
          ...changed,
        });
      return after;
    });
    logger.info({ scheduleId: id, admin: adminOf(res).username }, 'schedule changed');
    res.json(schedule);
  });

  router.delete('/schedules/:id', async (req, res) => {
    const id = parseInput(scheduleIdSchema, req.params.id, 'params');
    await auditedChange(db, req, res, async (trx, audit) => {
      const before = await findSchedule(trx, id);
      if (!before || !(await deleteSchedule(trx, id))) throw notFound(`No schedule ${id}`);
      audit({
        action: 'schedule.delete',
        entityType: 'schedule',
        entityId: id,
        summary: `Deleted the schedule of "${before.scriptTitle}" (${before.cron})`,
        before: scheduleFields(before),
      });
    });
    logger.info({ scheduleId: id, admin: adminOf(res).username }, 'schedule deleted');
    res.status(204).end();
  });

  return router;
}
