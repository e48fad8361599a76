/**
 * The staff inbox of /contact messages (below /api/admin, behind the session gate, writes with the CSRF
 * token): the list, the unread count, one message, and reading, status and assignment. One route a file.
 */
import { Router } from 'express';
import type { AdminContext } from '../../../app-context';
import { assignMessageRoute } from './assign-message-route';
import { listMessagesRoute } from './list-messages-route';
import { messageCountsRoute } from './message-counts-route';
import { messageRoute } from './message-route';
import { messageStatusRoute } from './message-status-route';
import { readMessageRoute } from './read-message-route';

export function adminContactMessageRoutes({ db }: AdminContext): Router {
  const router = Router();
  router.get('/contact-messages', listMessagesRoute(db));
  // Before /:id, which would read "counts" as an id.
  router.get('/contact-messages/counts', messageCountsRoute(db));
  router.get('/contact-messages/:id', messageRoute(db));
  router.post('/contact-messages/:id/read', readMessageRoute(db));
  router.post('/contact-messages/:id/status', messageStatusRoute(db));
  router.post('/contact-messages/:id/assignee', assignMessageRoute(db));
  return router;
}
