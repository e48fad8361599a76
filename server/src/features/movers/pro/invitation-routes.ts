/**
 * The invitation link's own endpoints, answered without a session (the person may have no account yet):
 * GET /api/pro/invitations/:token says whose invitation it is; POST /api/pro/invitations/accept takes it.
 * A new person picks a name and a password (judged like every new password); an address that already has
 * an account gives its password. The link is then used (once only), the person joins the company with the
 * invitation's role (someone already on the team keeps theirs), the change is audited with the company's
 * id, and this browser is signed in.
 */
import type { RequestHandler } from 'express';
import {
  PRO_INVITATION_USED_OR_EXPIRED,
  proAcceptInvitationSchema,
  proNewMemberPasswordSchema,
  type CompanyUserRole,
  type ProAcceptInvitationResponse,
  type ProInvitationInfo,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { hashPassword, passwordProblemOffThread, verifyPassword } from '../../auth';
import { recordAudit } from '../../audit';
import { addCompanyUser, findMoverUserByEmail, findOrCreateMoverUser } from '../accounts';
import { peekLinkToken, useLinkToken, type LinkTokenRow } from '../link-tokens';
import { startMoverSession } from '../mover-sessions';

const WRONG_PASSWORD = 'That is not the password of this account';
const SUSPENDED = 'This account is suspended. Write to our support team to have it looked at.';

const isToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

async function liveInvitation(
  ctx: ProContext,
  token: string,
): Promise<LinkTokenRow & { company_id: number; companyName: string }> {
  const link = isToken(token) ? await peekLinkToken(ctx.db, token, 'invitation') : undefined;
  const company =
    link?.company_id == null
      ? undefined
      : ((await ctx.db('companies').where({ id: link.company_id }).first('name')) as
          { name: string } | undefined);
  if (!link || !company) throw new HttpError(404, PRO_INVITATION_USED_OR_EXPIRED);
  return { ...link, company_id: Number(link.company_id), companyName: company.name };
}

export function proInvitationInfoRoute(ctx: ProContext): RequestHandler {
  return async (req, res) => {
    const link = await liveInvitation(ctx, String(req.params.token ?? ''));
    const user = await findMoverUserByEmail(ctx.db, link.email);
    const answer: ProInvitationInfo = {
      companyName: link.companyName,
      email: link.email,
      role: link.role === 'owner' ? 'owner' : 'staff',
      hasAccount: Boolean(user?.password_hash),
    };
    res.json(answer);
  };
}

export function proAcceptInvitationRoute(ctx: ProContext): RequestHandler {
  const { db, logger } = ctx;
  return async (req, res) => {
    const body = parseInput(proAcceptInvitationSchema, req.body, 'body');
    const link = await liveInvitation(ctx, body.token);
    const existing = await findMoverUserByEmail(db, link.email);
    let newPasswordHash: string | undefined;
    if (existing?.password_hash) {
      if (!(await verifyPassword(existing.password_hash, body.password)))
        throw new HttpError(400, WRONG_PASSWORD);
      if (existing.status !== 'active') throw new HttpError(403, SUSPENDED);
    } else {
      if (existing && existing.status !== 'active') throw new HttpError(403, SUSPENDED);
      if (!body.name && !existing) throw new HttpError(400, 'Enter your name');
      const length = proNewMemberPasswordSchema.safeParse(body.password);
      if (!length.success) throw new HttpError(400, length.error.issues[0]!.message);
      const problem = await passwordProblemOffThread(body.password, link.email.split('@')[0]);
      if (problem) throw new HttpError(400, problem);
      newPasswordHash = await hashPassword(body.password);
    }
    const role: CompanyUserRole = link.role === 'owner' ? 'owner' : 'staff';
    const joined = await db.transaction(async (trx) => {
      const used = await useLinkToken(trx, body.token, 'invitation');
      if (!used) return undefined;
      const now = Date.now();
      const person = await findOrCreateMoverUser(
        trx,
        { email: link.email, name: body.name ?? link.email.split('@')[0]! },
        now,
      );
      if (newPasswordHash !== undefined) {
        // Only an account without a password gets one here (two accepts at once: the first one's stays).
        const set = await trx('mover_users')
          .where({ id: person.id })
          .whereNull('password_hash')
          .update({
            password_hash: newPasswordHash,
            ...(body.name ? { name: body.name } : {}),
            updated_at: now,
          });
        if (set !== 1) return undefined;
      }
      const already = (await trx('company_users')
        .where({ company_id: link.company_id, user_id: person.id })
        .first('role')) as { role: string } | undefined;
      if (!already)
        await addCompanyUser(trx, { companyId: link.company_id, userId: person.id, role }, now);
      const user = (await trx('mover_users')
        .where({ id: person.id })
        .first('id', 'email', 'name')) as {
        id: number;
        email: string;
        name: string;
      };
      await recordAudit(
        trx,
        {
          id: null,
          username: user.email,
          role: null,
          ip: req.ip ?? null,
          mover: { id: person.id },
        },
        {
          action: 'company.team.join',
          entityType: 'company',
          entityId: link.company_id,
          summary: already
            ? `${user.name} (${user.email}) accepted an invitation to ${link.companyName}, already on the team`
            : `${user.name} (${user.email}) joined ${link.companyName} as ${role}`,
          after: { email: user.email, role: already ? already.role : role },
          companyId: link.company_id,
        },
      );
      return { id: Number(user.id), email: user.email, name: user.name };
    });
    if (!joined) throw new HttpError(404, PRO_INVITATION_USED_OR_EXPIRED);
    await startMoverSession(ctx, req, res, joined.id);
    logger.info({ moverId: joined.id, companyId: link.company_id }, 'mover joined a company');
    const answer: ProAcceptInvitationResponse = {
      ok: true,
      user: joined,
      companyId: link.company_id,
    };
    res.json(answer);
  };
}
