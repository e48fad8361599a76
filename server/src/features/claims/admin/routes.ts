/**
 * /api/admin/claims (behind the admin gate and the role policy): the claims queue.
 *   GET  /claims                 a page of claims (pending first, oldest first), with the pending count
 *   GET  /claims/:id             one claim
 *   GET  /claims/:id/document    the uploaded document, as an attachment (nosniff, sandboxed; audited)
 *   POST /claims/:id/approve     the claimant becomes an owner of the company; e-mailed the way in
 *   POST /claims/:id/decline     { reason } e-mailed to the claimant
 */
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  AdminClaimDeclineSchema,
  AdminClaimListQuerySchema,
  idParam,
  type AdminClaimDecision,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import { parseInput } from '../../../lib/validate';
import { auditedChange, recordRequestAudit } from '../../audit';
import { sendMail } from '../../mail';
import { addCompanyUser, createLinkToken, findOrCreateMoverUser } from '../../movers';
import { downloadName } from '../claim-document';
import { clockOf, type ClaimsContext } from '../context';
import { claimDocument, decideClaim, findClaim, listClaims } from './claims-queue';

/** How long the approval's "choose your password" link works: as long as an invitation's. */
const SET_PASSWORD_LINK_DAYS = 7;

/**
 * A single-use link to choose a password (the movers' reset link, on /pro/reset-password), for an account
 * that has none yet; none for an account with a password, which simply signs in.
 */
async function passwordLink(
  trx: Knex.Transaction,
  userId: number,
  email: string,
  now: number,
): Promise<{ path: string; validFor: string } | undefined> {
  const user = (await trx('mover_users').where({ id: userId }).first('password_hash')) as
    { password_hash: string | null } | undefined;
  if (!user || user.password_hash !== null) return undefined;
  const token = await createLinkToken(
    trx,
    {
      purpose: 'password-reset',
      email,
      userId,
      validMs: SET_PASSWORD_LINK_DAYS * 86_400_000,
    },
    now,
  );
  return { path: `/pro/reset-password?token=${token}`, validFor: `${SET_PASSWORD_LINK_DAYS} days` };
}

const IdParams = z.object({ id: idParam('claim') });
const idOf = (req: Request) => parseInput(IdParams, req.params, 'params').id;
const adminName = (res: Response) =>
  (res.locals.admin as { username: string } | undefined)?.username ?? 'admin';

export function adminClaimRoutes(ctx: AdminContext & ClaimsContext): Router {
  const { db, config } = ctx;
  const now = clockOf(ctx);
  const router = Router();

  router.get('/claims', async (req, res) => {
    const query = parseInput(AdminClaimListQuerySchema, req.query, 'query');
    res.json(await listClaims(db, query));
  });

  router.get('/claims/:id', async (req, res) => {
    res.json(await findClaim(db, idOf(req)));
  });

  router.get('/claims/:id/document', async (req, res) => {
    const id = idOf(req);
    const claim = await findClaim(db, id);
    const document = await claimDocument(db, id);
    // Recorded before the first byte: a download that breaks off is still accounted for.
    await recordRequestAudit(db, req, res, {
      action: 'claim.document_download',
      entityType: 'company_claim',
      entityId: id,
      summary: `Downloaded the document of ${claim.name}’s claim of ${claim.company.name}`,
    });
    res
      .status(200)
      .set({
        'Content-Type': document.type,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, no-store',
      })
      .attachment(downloadName(document.name, document.type, id))
      .send(document.bytes);
  });

  router.post('/claims/:id/approve', async (req, res) => {
    const id = idOf(req);
    const at = now();
    const decision = await auditedChange(db, req, res, async (trx, audit) => {
      const claim = await findClaim(trx, id);
      const user = await findOrCreateMoverUser(trx, { email: claim.email, name: claim.name }, at);
      await decideClaim(trx, id, {
        status: 'approved',
        by: adminName(res),
        moverUserId: user.id,
        now: at,
      });
      // The company's owner (addCompanyUser sets companies.claimed_at for its first one).
      await addCompanyUser(
        trx,
        { companyId: claim.company.id, userId: user.id, role: 'owner' },
        at,
      );
      const link = await passwordLink(trx, user.id, claim.email, at);
      await sendMail(
        trx,
        {
          to: claim.email,
          template: 'claim-approved',
          data: {
            companyName: claim.company.name,
            name: claim.name,
            ...(link ? { setPasswordPath: link.path, linkValidFor: link.validFor } : {}),
          },
        },
        config,
      );
      audit([
        {
          action: 'claim.approve',
          entityType: 'company_claim',
          entityId: id,
          companyId: claim.company.id,
          summary: `Approved ${claim.name}’s claim of ${claim.company.name}`,
          before: { status: 'pending' },
          after: { status: 'approved', owner: claim.email, new_account: user.created },
        },
      ]);
      return { passwordLinkSent: link !== undefined };
    });
    ctx.jobs?.kick('mail.send');
    const answer: AdminClaimDecision = { claim: await findClaim(db, id), ...decision };
    res.json(answer);
  });

  router.post('/claims/:id/decline', async (req, res) => {
    const id = idOf(req);
    const { reason } = parseInput(AdminClaimDeclineSchema, req.body ?? {}, 'body');
    await auditedChange(db, req, res, async (trx, audit) => {
      const claim = await findClaim(trx, id);
      await decideClaim(trx, id, { status: 'declined', by: adminName(res), reason, now: now() });
      await sendMail(
        trx,
        {
          to: claim.email,
          template: 'claim-declined',
          data: { companyName: claim.company.name, name: claim.name, reason },
        },
        config,
      );
      audit({
        action: 'claim.decline',
        entityType: 'company_claim',
        entityId: id,
        companyId: claim.company.id,
        summary: `Declined ${claim.name}’s claim of ${claim.company.name}`,
        before: { status: 'pending' },
        after: { status: 'declined', reason },
      });
    });
    ctx.jobs?.kick('mail.send');
    const answer: AdminClaimDecision = { claim: await findClaim(db, id) };
    res.json(answer);
  });

  return router;
}
