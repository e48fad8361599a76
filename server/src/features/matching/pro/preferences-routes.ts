/**
 * /api/pro/companies/:companyId/lead-preferences: which leads the company takes (issue 18). Everyone on the
 * team reads them, with the leads of the last 24 hours and 7 days against the limits and the profile's service
 * radius; an owner changes them (audited with what changed). match_companies reads them on the next request.
 */
import { Router, type Request, type Response } from 'express';
import {
  LEAD_MOVE_TYPES,
  proLeadPreferencesUpdateSchema,
  type ProLeadPreferences,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { withTransactionRetry } from '../../../db/dialect';
import { parseInput } from '../../../lib/validate';
import { changedFields, recordAudit } from '../../audit';
import { proAuditActor, requireProOwner, type ProCompanyLocals } from '../../movers';
import { leadPreferences, recentLeadCounts, saveLeadPreferences } from '../lead-preferences';

async function preferencesView(
  db: ProContext['db'],
  companyId: number,
): Promise<ProLeadPreferences> {
  const [preferences, counts, company] = await Promise.all([
    leadPreferences(db, companyId),
    recentLeadCounts(db, [companyId]),
    db('companies')
      .where({ id: companyId })
      .first('service_radius_miles', 'service_area') as Promise<{
      service_radius_miles: number | string | null;
      service_area: string | null;
    }>,
  ]);
  const recent = counts.get(companyId) ?? { day: 0, week: 0 };
  return {
    ...preferences,
    serviceRadiusMiles:
      company.service_radius_miles === null ? null : Number(company.service_radius_miles),
    serviceArea: company.service_area,
    leadsLastDay: recent.day,
    leadsLastWeek: recent.week,
  };
}

export function proLeadPreferencesRoutes({ db }: ProContext): Router {
  const router = Router();

  router.get('/lead-preferences', async (_req, res) => {
    res.json(await preferencesView(db, (res.locals as ProCompanyLocals).proCompany.id));
  });

  router.put('/lead-preferences', requireProOwner, async (req: Request, res: Response) => {
    const input = parseInput(proLeadPreferencesUpdateSchema, req.body, 'body');
    const { proCompany, mover } = res.locals as ProCompanyLocals;
    await withTransactionRetry(db, async (trx) => {
      const { changed: _changed, ...was } = await leadPreferences(trx, proCompany.id);
      await saveLeadPreferences(trx, proCompany.id, input, mover.id);
      // In the one order the screen lists them, so a reordering is not a change.
      const moveTypes = LEAD_MOVE_TYPES.filter((type) => input.moveTypes.includes(type));
      const changed = changedFields(was, { ...input, moveTypes });
      if (!changed) return;
      await recordAudit(trx, proAuditActor(req, res), {
        action: 'company.lead-preferences.update',
        entityType: 'company',
        entityId: proCompany.id,
        summary: `${mover.name} changed which leads ${proCompany.name} takes${input.paused ? ' (paused)' : ''}`,
        before: changed.before,
        after: changed.after,
        companyId: proCompany.id,
      });
    });
    res.json(await preferencesView(db, proCompany.id));
  });

  return router;
}
