/**
 * /api/admin/settings/*: the Settings screen. Site settings (name, support contacts, lead backend URL),
 * partner sites and their allowed origins (the CORS list), admin users, and the acting admin's password.
 */
import { Router, type Request, type Response } from 'express';
import {
  idParam,
  AdminUserCreateSchema,
  AdminUserListQuerySchema,
  PartnerCreateSchema,
  PartnerListQuerySchema,
  PartnerUpdateSchema,
  PasswordChangeSchema,
  SiteSettingsUpdateSchema,
  siteNameTitleCheck,
  fieldLabel,
  SITE_SETTING_LABELS,
  type PasswordChangeResponse,
  type SiteSettingsResponse,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import type { AdminLocals } from '../../auth';
import { LoginThrottle } from '../../auth';
import { passwordProblemOffThread } from '../../auth';
import type { Knex } from 'knex';
import { SiteSettings } from '../site-settings';
import { SharedCaches } from '../../../db/cache-versions';
import { HttpError } from '../../../lib/http-error';
import { PublicFetch, outboundRules } from '../../../lib/http/public-fetch';
import { parseInput } from '../../../lib/validate';
import { changedFields, staleWrite } from '../../../lib/http/stale-write';
import { createPartner, findAdminPartner, listAdminPartners, updatePartner } from '../../partners';
import { changeOwnPassword, createAdminUser, deleteAdminUser, listAdminUsers } from '../../auth';

const actingAdmin = (res: Response) => res.locals as unknown as AdminLocals;

/** Partners decide CORS and attribution: every process's cache of them follows a change made here. */
const partnersChanged = (db: Knex) => SharedCaches.for(db).changed();

const SITE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
function siteIdParam(req: Request): string {
  const siteId = String(req.params.siteId);
  if (siteId.length > 64 || !SITE_ID.test(siteId))
    throw new HttpError(404, `No partner with site id "${siteId.slice(0, 64)}"`);
  return siteId;
}

const adminIdParam = (req: Request): number =>
  parseInput(idParam('admin'), String(req.params.id), 'params');

/** The password policy, its strength estimate in a worker thread (it can take a second: not on the event loop). */
async function refusePassword(password: string, username: string, field: string): Promise<void> {
  const problem = await passwordProblemOffThread(password, username);
  if (problem) throw new HttpError(400, problem.replace(/^Password/, fieldLabel(field)));
}

export function adminSettingsRoutes(ctx: AdminContext): Router {
  const router = Router();
  const { db, config, logger } = ctx;
  const siteSettings = SiteSettings.for(db, config);
  const passwordThrottle = new LoginThrottle(db, config.adminAuth);
  // The same rules the forwarding applies at connect time; checked here too so the admin learns at once.
  const outbound = new PublicFetch(outboundRules(config));

  // Read afresh, not from the cache: the form's version must be the one saved now (decision 028).
  const siteSettingsAnswer = async (): Promise<SiteSettingsResponse> => {
    const stored = await siteSettings.refresh();
    const settings = { ...siteSettings.defaults, ...stored.values };
    return {
      settings,
      defaults: siteSettings.defaults,
      leadBackendOverridden: stored.values.leadBackendUrl !== undefined,
      updatedAt: stored.updatedAt,
      updatedBy: stored.updatedBy,
      titleWarning: siteNameTitleCheck(settings.siteName),
      version: stored.version,
    };
  };

  router.get('/settings/site', async (_req, res) => {
    res.json(await siteSettingsAnswer());
  });

  router.put('/settings/site', async (req, res) => {
    const { version, ...values } = parseInput(SiteSettingsUpdateSchema, req.body, 'body');
    const { admin } = actingAdmin(res);
    const problem = values.leadBackendUrl && (await outbound.check(values.leadBackendUrl));
    if (problem) throw new HttpError(400, `The lead backend URL cannot be used: ${problem}`);
    if (!(await siteSettings.save(values, admin.username, version))) {
      const current = await siteSettingsAnswer();
      throw staleWrite(
        'the site settings',
        current,
        changedFields(values, current.settings, SITE_SETTING_LABELS),
      );
    }
    logger.info({ admin: admin.username, settings: values }, 'site settings changed');
    res.json(await siteSettingsAnswer());
  });

  router.get('/settings/partners', async (req, res) => {
    const query = parseInput(PartnerListQuerySchema, req.query, 'query');
    const page = await listAdminPartners(db, query);
    res.set('X-Total-Count', String(page.total));
    res.json(page);
  });

  router.post('/settings/partners', async (req, res) => {
    const partner = parseInput(PartnerCreateSchema, req.body, 'body');
    const created = await createPartner(db, partner);
    await partnersChanged(db);
    logger.info(
      { admin: actingAdmin(res).admin.username, partner: created.siteId },
      'partner created',
    );
    res.status(201).json(created);
  });

  router.get('/settings/partners/:siteId', async (req, res) => {
    const partner = await findAdminPartner(db, siteIdParam(req));
    if (!partner) throw new HttpError(404, `No partner with site id "${req.params.siteId}"`);
    res.json(partner);
  });

  router.patch('/settings/partners/:siteId', async (req, res) => {
    const siteId = siteIdParam(req);
    const change = parseInput(PartnerUpdateSchema, req.body, 'body');
    const updated = await updatePartner(db, siteId, change);
    await partnersChanged(db);
    logger.info(
      { admin: actingAdmin(res).admin.username, partner: siteId, change },
      'partner changed',
    );
    res.json(updated);
  });

  router.get('/settings/admin-users', async (req, res) => {
    const query = parseInput(AdminUserListQuerySchema, req.query, 'query');
    const page = await listAdminUsers(db, query, {
      id: actingAdmin(res).admin.id,
      idleTimeoutMs: config.adminAuth.idleTimeoutMs,
    });
    res.set('X-Total-Count', String(page.total));
    res.json(page);
  });

  router.post('/settings/admin-users', async (req, res) => {
    const user = parseInput(AdminUserCreateSchema, req.body, 'body');
    await refusePassword(user.password, user.username, 'password');
    const created = await createAdminUser(db, user);
    logger.info(
      { admin: actingAdmin(res).admin.username, created: created.username },
      'admin user created',
    );
    res.status(201).json(created);
  });

  router.delete('/settings/admin-users/:id', async (req, res) => {
    const { admin } = actingAdmin(res);
    const deleted = await deleteAdminUser(db, adminIdParam(req), admin.id);
    logger.info({ admin: admin.username, deleted: deleted.username }, 'admin user deleted');
    res.status(204).end();
  });

  router.post('/settings/password', async (req, res) => {
    const change = parseInput(PasswordChangeSchema, req.body, 'body');
    const { admin, adminSessionId } = actingAdmin(res);
    const { endedSessions } = await changeOwnPassword(
      db,
      passwordThrottle,
      {
        id: admin.id,
        sessionId: adminSessionId,
        freeAttempts: config.adminAuth.freeAttemptsPerClient,
      },
      change,
      (password) => refusePassword(password, admin.username, 'newPassword'),
    );
    logger.info({ admin: admin.username, endedSessions }, 'admin password changed');
    const answer: PasswordChangeResponse = { ok: true, endedSessions };
    res.json(answer);
  });

  return router;
}
