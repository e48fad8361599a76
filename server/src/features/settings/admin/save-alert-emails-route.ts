/** PUT /api/admin/settings/alert-emails: every address at once (an empty list e-mails nobody). */
import type { RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { AlertEmailsUpdateSchema } from '@moveratlas/contracts';
import type { AdminLocals } from '../../auth';
import { parseInput } from '../../../lib/validate';
import { saveAlertEmails } from '../alert-emails';
import { recordRequestAudit } from '../../audit';

const actingAdmin = (res: Response) => res.locals as unknown as AdminLocals;

export function saveAlertEmailsRoute(db: Knex, logger: Logger): RequestHandler {
  return async (req, res) => {
    const { emails } = parseInput(AlertEmailsUpdateSchema, req.body, 'body');
    const { admin } = actingAdmin(res);
    const saved = await saveAlertEmails(db, emails, admin.username);
    await recordRequestAudit(db, req, res, {
      action: 'alert_emails.update',
      entityType: 'site_settings',
      summary: `Set who is e-mailed when something fails (${emails.length} ${emails.length === 1 ? 'address' : 'addresses'})`,
      after: { emails },
    });
    logger.info({ admin: admin.username, count: emails.length }, 'alert e-mail addresses changed');
    res.json(saved);
  };
}
