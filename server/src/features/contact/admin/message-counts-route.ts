/**
 * GET /api/admin/contact-messages/counts: how many messages nobody has opened, for the dashboard (the
 * sidebar's count is GET /api/admin/waiting's, the same function). One indexed count, cheap to ask for.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { AdminContactMessageSummaryCounts } from '@moveratlas/contracts';
import { newMessageCount } from './message-store';

export function messageCountsRoute(db: Knex): RequestHandler {
  return async (_req, res) => {
    const counts: AdminContactMessageSummaryCounts = { new: await newMessageCount(db) };
    res.json(counts);
  };
}
