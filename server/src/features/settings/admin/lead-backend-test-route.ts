/**
 * POST /api/admin/settings/lead-backend/test: "Test connection" for the lead backend URL as typed (not yet
 * saved). A POST behind the admin gate (session and CSRF token), and rate-limited per address: each call
 * makes a request to an address a person chose.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { LeadBackendTestSchema } from '@moveratlas/contracts';
import type { PublicFetch } from '../../../lib/http/public-fetch';
import { parseInput } from '../../../lib/validate';
import { probeLeadBackend, PROBE_TIMEOUT_MS } from '../lead-backend-probe';
import { recordRequestAudit } from '../../audit';

export function leadBackendTestRoute(
  db: Knex,
  outbound: PublicFetch,
  timeoutMs: number,
): RequestHandler {
  return async (req, res) => {
    const { url } = parseInput(LeadBackendTestSchema, req.body, 'body');
    const result = await probeLeadBackend(outbound, url!, Math.min(timeoutMs, PROBE_TIMEOUT_MS));
    // The server reached out to an address a person typed: who asked, and which host (never its credentials).
    const host = URL.canParse(url!) ? new URL(url!).host : 'an unreadable address';
    await recordRequestAudit(db, req, res, {
      action: 'lead_backend.test',
      entityType: 'site_settings',
      summary: `Tested the connection to the lead backend at ${host}`,
    });
    res.json(result);
  };
}
