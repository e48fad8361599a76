/**
 * GET /api/admin/contact-messages/counts: how many messages nobody has opened, for the navigation's badge
 * and the dashboard. A query of its own (one indexed count), so every admin screen can ask for it cheaply.
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
