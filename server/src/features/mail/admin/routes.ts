/** The admin Mail screen's API (below /api/admin, behind the session gate): read-only. One route a file. */
import { Router } from 'express';
import type { AdminContext } from '../../../app-context';
import { listMailRoute } from './list-mail-route';
import { mailHtmlRoute } from './mail-html-route';
import { mailRoute } from './mail-route';

export function adminMailRoutes({ db, config }: AdminContext): Router {
  const router = Router();
  router.get('/mail', listMailRoute(db, config.mail.smtpUrl !== undefined));
  router.get('/mail/:id', mailRoute(db));
  router.get('/mail/:id/html', mailHtmlRoute(db));
  return router;
}
