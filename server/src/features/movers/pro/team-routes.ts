/**
 * /api/pro/companies/:companyId/team: the company's people and open invitations (owner and staff read);
 * an owner invites by e-mail, cancels an invitation, changes a person's role and removes a person. The last
 * owner can be neither removed nor made staff (409). Every change is audited with the company's id.
 */
import { Router, type Request, type Response } from 'express';
import {
  COMPANY_USER_ROLE_LABELS,
  INVITATION_VALID_DAYS,
  MAX_OPEN_INVITATIONS,
  proInviteRequestSchema,
  proRoleChangeRequestSchema,
  type CompanyUserRole,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { withTransactionRetry } from '../../../db/dialect';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { recordAudit } from '../../audit';
import { sendMail } from '../../mail';
import { createLinkToken } from '../link-tokens';
import { proAuditActor, requireProOwner, type ProCompanyLocals } from '../pro-gate';
import {
  idParam,
  keepAnOwner,
  memberOf,
  NO_SUCH_INVITATION,
  NO_SUCH_MEMBER,
  openInvitations,
  team,
} from './team-store';

const DAY_MS = 86_400_000;
/** Invitations one company may send in a day (cancelled ones count too). */
const INVITATIONS_PER_DAY = 50;
const roleWords = (role: CompanyUserRole) => (role === 'owner' ? 'an owner' : 'a staff member');
const localsOf = (res: Response) => res.locals as ProCompanyLocals;

export function proTeamRoutes(ctx: ProContext): Router {
  const { config, db, jobs } = ctx;
  const router = Router();

  router.get('/team', async (_req, res) => {
    res.json(await team(db, localsOf(res).proCompany.id));
  });

  router.post('/team/invitations', requireProOwner, async (req: Request, res: Response) => {
    const { email, role } = parseInput(proInviteRequestSchema, req.body, 'body');
    const { proCompany, mover } = localsOf(res);
    const invitation = await withTransactionRetry(db, async (trx) => {
      const member = (await trx('company_users as m')
        .join('mover_users as u', 'u.id', 'm.user_id')
        .where({ 'm.company_id': proCompany.id, 'u.email': email })
        .first('m.id')) as { id: number } | undefined;
      if (member) throw new HttpError(409, `${email} is already on the team`);
      const now = Date.now();
      // Invitations sent (or cancelled) in the past day: a bound on the mail one company can make us send.
      const sent = (await trx('mover_tokens')
        .where({ company_id: proCompany.id, purpose: 'invitation' })
        .andWhere('created_at', '>', now - DAY_MS)
        .count({ n: '*' })
        .first()) as { n: number | string };
      if (Number(sent.n) >= INVITATIONS_PER_DAY)
        throw new HttpError(
          429,
          `You have sent ${INVITATIONS_PER_DAY} invitations today: please try again tomorrow`,
        );
      // A new invitation to the same address replaces the open one: only the latest link works.
      const replaced = await trx('mover_tokens')
        .where({ company_id: proCompany.id, purpose: 'invitation', email })
        .whereNull('used_at')
        .update({ used_at: now });
      const open = await openInvitations(trx, proCompany.id);
      if (open.length >= MAX_OPEN_INVITATIONS)
        throw new HttpError(
          409,
          `You have ${open.length} invitations waiting: cancel some before sending more`,
        );
      const token = await createLinkToken(
        trx,
        {
          purpose: 'invitation',
          email,
          companyId: proCompany.id,
          role,
          createdByUserId: mover.id,
          validMs: INVITATION_VALID_DAYS * DAY_MS,
        },
        now,
      );
      await sendMail(
        trx,
        {
          to: email,
          template: 'mover-invitation',
          data: {
            inviterName: mover.name,
            companyName: proCompany.name,
            roleWords: roleWords(role),
            invitationPath: `/pro/invitation?token=${token}`,
            validDays: INVITATION_VALID_DAYS,
          },
        },
        config,
      );
      const [created] = await openInvitations(trx, proCompany.id, now);
      await recordAudit(trx, proAuditActor(req, res), {
        action: 'company.team.invite',
        entityType: 'company',
        entityId: proCompany.id,
        summary: `${mover.name} invited ${email} to ${proCompany.name} as ${COMPANY_USER_ROLE_LABELS[role].toLowerCase()}${replaced > 0 ? ' (again)' : ''}`,
        after: { email, role },
        companyId: proCompany.id,
      });
      return created!;
    });
    jobs?.kick();
    res.status(201).json({ invitation });
  });

  router.delete(
    '/team/invitations/:invitationId',
    requireProOwner,
    async (req: Request, res: Response) => {
      const id = idParam(req.params.invitationId, NO_SUCH_INVITATION);
      const { proCompany, mover } = localsOf(res);
      await db.transaction(async (trx) => {
        const row = (await trx('mover_tokens')
          .where({ id, company_id: proCompany.id, purpose: 'invitation' })
          .whereNull('used_at')
          .first('id', 'email', 'role')) as
          { id: number; email: string; role: string | null } | undefined;
        if (!row) throw new HttpError(404, NO_SUCH_INVITATION);
        // Used up rather than deleted: it still counts towards the day's invitations.
        await trx('mover_tokens')
          .where({ id: row.id })
          .whereNull('used_at')
          .update({ used_at: Date.now() });
        await recordAudit(trx, proAuditActor(req, res), {
          action: 'company.team.invitation_cancel',
          entityType: 'company',
          entityId: proCompany.id,
          summary: `${mover.name} cancelled the invitation of ${row.email} to ${proCompany.name}`,
          before: { email: row.email, role: row.role },
          companyId: proCompany.id,
        });
      });
      res.status(204).end();
    },
  );

  router.patch('/team/members/:userId', requireProOwner, async (req: Request, res: Response) => {
    const userId = idParam(req.params.userId, NO_SUCH_MEMBER);
    const { role } = parseInput(proRoleChangeRequestSchema, req.body, 'body');
    const { proCompany, mover } = localsOf(res);
    await withTransactionRetry(db, async (trx) => {
      const member = await memberOf(trx, proCompany.id, userId);
      if (member.role === role) return;
      await trx('company_users').where({ id: member.id }).update({ role });
      if (member.role === 'owner') await keepAnOwner(trx, proCompany.id);
      await recordAudit(trx, proAuditActor(req, res), {
        action: 'company.team.role_change',
        entityType: 'company',
        entityId: proCompany.id,
        summary: `${mover.name} made ${member.name} (${member.email}) ${COMPANY_USER_ROLE_LABELS[role].toLowerCase()} of ${proCompany.name}`,
        before: { email: member.email, role: member.role },
        after: { email: member.email, role },
        companyId: proCompany.id,
      });
    });
    res.json(await team(db, proCompany.id));
  });

  router.delete('/team/members/:userId', requireProOwner, async (req: Request, res: Response) => {
    const userId = idParam(req.params.userId, NO_SUCH_MEMBER);
    const { proCompany, mover } = localsOf(res);
    await withTransactionRetry(db, async (trx) => {
      const member = await memberOf(trx, proCompany.id, userId);
      await trx('company_users').where({ id: member.id }).delete();
      if (member.role === 'owner') await keepAnOwner(trx, proCompany.id);
      await recordAudit(trx, proAuditActor(req, res), {
        action: 'company.team.remove',
        entityType: 'company',
        entityId: proCompany.id,
        summary: `${mover.name} removed ${member.name} (${member.email}) from ${proCompany.name}`,
        before: { email: member.email, role: member.role },
        companyId: proCompany.id,
      });
    });
    res.status(204).end();
  });

  return router;
}
