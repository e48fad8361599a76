/**
 * The movers' sign-in and account endpoints. `proSignInRoutes` answer without a session (sign in, out, the
 * status, the forgotten-password link and its use); `proAccountRoutes` sit behind the pro gate.
 */
import { Router } from 'express';
import type { ProContext } from '../../app-context';
import { perIpRateLimit } from '../../lib/rate-limit';
import { noStore } from '../auth';
import { proAccountPasswordRoute } from './account/password-route';
import { proCompaniesRoute } from './account/companies-route';
import { proLoginRoute } from './sign-in/login-route';
import { proLogoutRoute } from './sign-in/logout-route';
import { proPasswordForgotRoute } from './sign-in/password-forgot-route';
import { proPasswordResetRoute } from './sign-in/password-reset-route';
import { proStatusRoute } from './sign-in/status-route';
import { proPasskeyAccountRoutes } from './passkeys/account-routes';
import { proPasskeySignInRoutes } from './passkeys/sign-in-routes';
import { proAcceptInvitationRoute, proInvitationInfoRoute } from './pro/invitation-routes';

/** Reset links asked from one address per hour: enough for a person, too few to flood mailboxes. */
const RESET_REQUESTS_PER_HOUR = 10;
/** Invitations answered from one address per hour: a wrong password tried more often than this is a guess. */
const INVITATION_ANSWERS_PER_HOUR = 20;

export function proSignInRoutes(ctx: ProContext): Router {
  const router = Router();
  router.use(noStore);
  router.post('/login', proLoginRoute(ctx));
  router.post('/logout', proLogoutRoute(ctx));
  router.get('/auth/status', proStatusRoute(ctx));
  router.post(
    '/password/forgot',
    perIpRateLimit(
      ctx.db,
      'pro-reset',
      'password reset requests',
      RESET_REQUESTS_PER_HOUR,
      3_600_000,
    ),
    proPasswordForgotRoute(ctx),
  );
  router.post('/password/reset', proPasswordResetRoute(ctx));
  router.use(proPasskeySignInRoutes(ctx));
  // An invitation's link (features/movers/pro/invitation-routes.ts): the person may have no account yet.
  router.get('/invitations/:token', proInvitationInfoRoute(ctx));
  router.post(
    '/invitations/accept',
    perIpRateLimit(
      ctx.db,
      'pro-invitation',
      'invitation answers',
      INVITATION_ANSWERS_PER_HOUR,
      3_600_000,
    ),
    proAcceptInvitationRoute(ctx),
  );
  return router;
}

export function proAccountRoutes(ctx: ProContext): Router {
  const router = Router();
  router.get('/companies', proCompaniesRoute(ctx));
  router.post('/account/password', proAccountPasswordRoute(ctx));
  router.use(proPasskeyAccountRoutes(ctx));
  return router;
}
