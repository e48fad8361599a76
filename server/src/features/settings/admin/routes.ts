/**
 * /api/admin/settings/*: the Settings screen. Site settings (name, support contacts, lead backend URL),
 * partner sites and their allowed origins (the CORS list), admin users, and the acting admin's password.
 */
import { Router, type Request, type Response } from 'express';
import {
  idParam,
  AdminUserCreateSchema,
  AdminUserListQuerySchema,
  AdminUserUpdateSchema,
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
import {
  reviewRequestSettingsRoute,
  saveReviewRequestSettingsRoute,
} from './review-request-settings-routes';
import { SharedCaches } from '../../../db/cache-versions';
import { HttpError } from '../../../lib/http-error';
import { PublicFetch, outboundRules } from '../../../lib/http/public-fetch';
import { parseInput } from '../../../lib/validate';
import { changedFields, staleWrite } from '../../../lib/http/stale-write';
import { createPartner, findAdminPartner, listAdminPartners, updatePartner } from '../../partners';
import {
  changeOwnPassword,
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  setAdminRole,
} from '../../auth';
import { auditActor, auditedChange, changedFields as auditChanges, recordAudit } from '../../audit';

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

/**
 * A URL as the audit log may keep it: no user, password or query string (where a backend's key could sit),
 * which read as "changed" when only they differ.
 */
function withoutCredentials(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    const hidden = parsed.username !== '' || parsed.password !== '' || parsed.search !== '';
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    return hidden ? `${parsed.toString()} (with credentials)` : parsed.toString();
  } catch {
    return 'changed';
  }
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

  // When visitors are asked how their move went (issue 19).
  router.get('/settings/review-requests', reviewRequestSettingsRoute(ctx.db));
  router.put('/settings/review-requests', saveReviewRequestSettingsRoute(ctx.db));

  router.get('/settings/site', async (_req, res) => {
    res.json(await siteSettingsAnswer());
  });

  router.put('/settings/site', async (req, res) => {
    const { version, ...values } = parseInput(SiteSettingsUpdateSchema, req.body, 'body');
    const { admin } = actingAdmin(res);
    const problem = values.leadBackendUrl && (await outbound.check(values.leadBackendUrl));
    if (problem) throw new HttpError(400, `The lead backend URL cannot be used: ${problem}`);
    const saved = await siteSettings.save(values, admin.username, version, async (trx, before) => {
      const shown = (v: Partial<typeof values>) => ({
        siteName: v.siteName ?? null,
        supportEmail: v.supportEmail ?? null,
        supportPhone: v.supportPhone ?? null,
        leadBackendUrl: withoutCredentials(v.leadBackendUrl),
      });
      const changed = auditChanges(shown(before), shown(values));
      if (changed)
        await recordAudit(trx, auditActor(req, res), {
          action: 'site_settings.update',
          entityType: 'site_settings',
          summary: `Changed the site settings: ${Object.keys(changed.after).join(', ')}`,
          ...changed,
        });
    });
    if (!saved) {
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
    const created = await auditedChange(db, req, res, async (trx, audit) => {
      const saved = await createPartner(trx, partner);
      audit({
        action: 'partner.create',
        entityType: 'partner',
        entityId: saved.siteId,
        summary: `Added partner ${saved.name} (${saved.siteId})`,
        after: { name: saved.name, allowedOrigins: saved.allowedOrigins, active: saved.active },
      });
      return saved;
    });
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
    const updated = await auditedChange(db, req, res, async (trx, audit) => {
      const before = await findAdminPartner(trx, siteId);
      const after = await updatePartner(trx, siteId, change);
      const fields = (p: typeof after) => ({
        name: p.name,
        allowedOrigins: p.allowedOrigins,
        active: p.active,
      });
      const changed = before && auditChanges(fields(before), fields(after));
      if (changed)
        audit({
          action: 'partner.update',
          entityType: 'partner',
          entityId: siteId,
          summary: `Changed partner ${after.name} (${siteId}): ${Object.keys(changed.after).join(', ')}`,
          ...changed,
        });
      return after;
    });
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
    const created = await createAdminUser(db, user, (trx, row) =>
      recordAudit(trx, auditActor(req, res), {
        action: 'admin_user.create',
        entityType: 'admin_user',
        entityId: row.id,
        summary: `Created admin ${row.username} (${row.role})`,
        // The password is a secret: the log says one was set, never what it is.
        after: { username: row.username, role: row.role, password: 'set' },
      }),
    );
    logger.info(
      { admin: actingAdmin(res).admin.username, created: created.username },
      'admin user created',
    );
    res.status(201).json(created);
  });

  router.delete('/settings/admin-users/:id', async (req, res) => {
    const { admin } = actingAdmin(res);
    const id = adminIdParam(req);
    const deleted = await deleteAdminUser(db, id, admin.id, (trx, row) =>
      recordAudit(trx, auditActor(req, res), {
        action: 'admin_user.delete',
        entityType: 'admin_user',
        entityId: id,
        summary: `Deleted admin ${row.username} (${row.role})`,
        before: { username: row.username, role: row.role },
      }),
    );
    logger.info({ admin: admin.username, deleted: deleted.username }, 'admin user deleted');
    res.status(204).end();
  });

  router.patch('/settings/admin-users/:id', async (req, res) => {
    const id = adminIdParam(req);
    const { role } = parseInput(AdminUserUpdateSchema, req.body, 'body');
    const changed = await setAdminRole(db, id, role, (trx, row) =>
      recordAudit(trx, auditActor(req, res), {
        action: 'admin_user.update',
        entityType: 'admin_user',
        entityId: id,
        summary: `Changed the role of ${row.username}: ${row.before} → ${role}`,
        before: { role: row.before },
        after: { role },
      }),
    );
    logger.info(
      { admin: actingAdmin(res).admin.username, changed: changed.username, role },
      'admin role changed',
    );
    res.json(changed);
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
      (trx, ended) =>
        recordAudit(trx, auditActor(req, res), {
          action: 'admin_user.password_change',
          entityType: 'admin_user',
          entityId: admin.id,
          summary: `Changed their own password; ${ended} other session${ended === 1 ? '' : 's'} ended`,
          after: { password: 'changed', endedSessions: ended },
        }),
    );
    logger.info({ admin: admin.username, endedSessions }, 'admin password changed');
    const answer: PasswordChangeResponse = { ok: true, endedSessions };
    res.json(answer);
  });

  return router;
}
