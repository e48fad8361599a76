/**
 * POST /api/admin/settings/lead-backend/test: "Test connection" for the lead backend URL as typed (not yet
 * saved). A POST behind the admin gate (session and CSRF token), and rate-limited per address: each call
 * makes a request to an address a person chose.
 */
import type { RequestHandler } from 'express';
import { LeadBackendTestSchema } from '@moveratlas/contracts';
import type { PublicFetch } from '../../../lib/http/public-fetch';
import { parseInput } from '../../../lib/validate';
import { probeLeadBackend, PROBE_TIMEOUT_MS } from '../lead-backend-probe';

export function leadBackendTestRoute(outbound: PublicFetch, timeoutMs: number): RequestHandler {
  return async (req, res) => {
    const { url } = parseInput(LeadBackendTestSchema, req.body, 'body');
    res.json(await probeLeadBackend(outbound, url!, Math.min(timeoutMs, PROBE_TIMEOUT_MS)));
  };
}
