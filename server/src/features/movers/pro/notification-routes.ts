/**
 * /api/pro/companies/:companyId/notifications: which e-mails the company gets and who receives them. Owner
 * and staff read it; an owner changes it (the people must be on the team; at most three other addresses).
 * Audited with the company's id, the kinds that changed before and after.
 */
import { Router, type Request, type Response } from 'express';
import {
  NOTIFICATION_KIND_LABELS,
  proNotificationSettingsUpdateSchema,
  type NotificationKind,
  type ProNotificationSettings,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { withTransactionRetry } from '../../../db/dialect';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { changedFields, recordAudit } from '../../audit';
import { proAuditActor, requireProOwner, type ProCompanyLocals } from '../pro-gate';
import { notificationSettings, saveNotificationSettings } from './notification-settings';
import { teamMembers } from './team-store';

async function settingsPage(
  db: ProContext['db'],
  companyId: number,
): Promise<ProNotificationSettings> {
  const [settings, members] = await Promise.all([
    notificationSettings(db, companyId),
    teamMembers(db, companyId),
  ]);
  return {
    settings,
    members: members.map(({ userId, name, email, role }) => ({ userId, name, email, role })),
  };
}

/** A kind's recipients as the audit log shows them: addresses, not ids. */
const described = (
  emailsOf: Map<number, string>,
  setting: { memberIds: number[]; extraEmails: string[] },
) => [...setting.memberIds.map((id) => emailsOf.get(id) ?? `person ${id}`), ...setting.extraEmails];

export function proNotificationRoutes({ db }: ProContext): Router {
  const router = Router();

  router.get('/notifications', async (_req, res) => {
    res.json(await settingsPage(db, (res.locals as ProCompanyLocals).proCompany.id));
  });

  router.put('/notifications', requireProOwner, async (req: Request, res: Response) => {
    const settings = parseInput(proNotificationSettingsUpdateSchema, req.body, 'body').settings.map(
      (setting) => ({
        ...setting,
        memberIds: [...new Set(setting.memberIds)].sort((a, b) => a - b),
        extraEmails: [...new Set(setting.extraEmails)],
      }),
    );
    const { proCompany, mover } = res.locals as ProCompanyLocals;
    const kinds = settings.map((s) => s.kind);
    if (new Set(kinds).size !== kinds.length)
      throw new HttpError(400, 'Each kind of e-mail can be set once');
    await withTransactionRetry(db, async (trx) => {
      const members = await teamMembers(trx, proCompany.id);
      const emailsOf = new Map(members.map((m) => [m.userId, m.email]));
      for (const setting of settings)
        if (setting.memberIds.some((id) => !emailsOf.has(id)))
          throw new HttpError(
            400,
            'Choose people who are on the team: someone chosen has left it. Reload the page.',
          );
      const was = await notificationSettings(trx, proCompany.id);
      await saveNotificationSettings(trx, proCompany.id, settings, mover.id);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const setting of settings) {
        const old = was.find((w) => w.kind === setting.kind)!;
        before[setting.kind] = described(emailsOf, old);
        after[setting.kind] = described(emailsOf, setting);
      }
      const changed = changedFields(before, after);
      if (!changed) return;
      const labels = Object.keys(changed.after)
        .map((kind) => NOTIFICATION_KIND_LABELS[kind as NotificationKind].label.toLowerCase())
        .join(', ');
      await recordAudit(trx, proAuditActor(req, res), {
        action: 'company.notifications.update',
        entityType: 'company',
        entityId: proCompany.id,
        summary: `${mover.name} changed who gets the e-mails of ${proCompany.name}: ${labels}`,
        before: changed.before,
        after: changed.after,
        companyId: proCompany.id,
      });
    });
    res.json(await settingsPage(db, proCompany.id));
  });

  return router;
}
