/**
 * Every /api/admin/* endpoint, behind one gate: a valid server-side admin session (401 without one) and, for
 * writes, the session's CSRF token (403 without it). Each admin screen's feature folder exports a Router
 * with paths relative to /api/admin and is added here, once.
 */
import { Router } from 'express';
import type { AdminContext } from './admin-context';

export function adminApi(ctx: AdminContext): Router {
  const router = Router();
  // The gate (features/auth) comes first; then one line per admin feature:
  void ctx;
  return router;
}
