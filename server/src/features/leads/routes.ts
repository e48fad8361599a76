/** POST /api/proxy/send_lead and /api/proxy/lead_send_bq: the two phases of a quote submission (spec 4.1). */
import type { RequestHandler } from 'express';
import {
  autoTransportIssue,
  LeadAnalyticsFormSchema,
  SendLeadFormSchema,
} from '@moveratlas/contracts';
import { badRequest } from '../../lib/http-error';
import { clientIp, originHeader, requestOrigin, userAgent } from '../../lib/request-meta';
import { parseInput } from '../../lib/validate';
import type { ProxyContext } from '../../app-context';
import { formBody, isBot } from '../../lib/http/bodies';
import { acceptAnalyticsCopy } from './analytics';
import { HoneypotLeads } from './honeypot';
import { DELIVERY_JOBS, deliveryAttempts } from '../deliveries';
import { LeadIntake, verifyConsent } from './intake';
import { checkVisitorPhone } from './quality';
import { LEAD_CONFIRM_JOB } from './visitor/confirmation-job';
import { LEAD_ANALYTICS_JOB, LEAD_FORWARD_JOB } from './outbox';
import { completeRoute } from './route-places';
import { analyticsWire } from './wire';

export function sendLeadHandler(ctx: ProxyContext): RequestHandler {
  const placeLookupFailed = (error: unknown) =>
    ctx.logger.warn({ err: error }, 'a lead route could not be placed; stored as sent');
  const intake = new LeadIntake(ctx.db, {
    maxAttempts: ctx.config.leadForwardMaxAttempts,
    deliveryAttempts: deliveryAttempts(ctx.config),
    onInvalidDate: (value) =>
      ctx.logger.warn({ moveDate: value.slice(0, 40) }, 'unreadable move date sent empty'),
  });
  const honeypot = new HoneypotLeads(ctx.db);
  return async (req, res) => {
    const body = formBody(req, 'send_lead');
    res.set('Cache-Control', 'no-store');
    // A bot (honeypot filled) goes through every check a person does and gets the same answer, headers
    // included; only nothing is stored. An answer that differed would teach it to leave the field empty.
    const bot = isBot(body);
    const form = parseInput(SendLeadFormSchema, body, 'body');
    const autoIssue = autoTransportIssue(form);
    if (autoIssue) throw badRequest(autoIssue);
    verifyConsent(form);
    const origin = originHeader(req);
    const siteId = await ctx.partners.resolveSite({
      origin,
      website: form.website,
      requestOrigin: requestOrigin(req),
    });
    await checkVisitorPhone(ctx.db, form.phone_number, siteId);
    const lead = bot
      ? await honeypot.accept(form.lead_uuid)
      : await intake.accept(await completeRoute(ctx.db, form, '', placeLookupFailed), {
          siteId,
          ip: clientIp(req),
          userAgent: userAgent(req),
          origin,
        });
    if (bot) ctx.logger.info({ ip: clientIp(req) }, 'honeypot: dropped a lead');
    else if (lead.created)
      for (const type of [LEAD_FORWARD_JOB, LEAD_CONFIRM_JOB, ...Object.values(DELIVERY_JOBS)])
        ctx.jobs?.kick(type);
    res
      .set('X-Lead-Replay', lead.created ? 'false' : 'true')
      .type('text/plain')
      .send(lead.publicId);
  };
}

export function leadAnalyticsHandler(ctx: ProxyContext): RequestHandler {
  return async (req, res) => {
    const body = formBody(req, 'lead_send_bq');
    res.set('Cache-Control', 'no-store');
    // As for send_lead: a bot meets the same checks and answers, and nothing is stored.
    const form = parseInput(LeadAnalyticsFormSchema, body, 'body');
    const origin = originHeader(req);
    const siteId = await ctx.partners.resolveSite({
      origin,
      website: form.lead_website,
      requestOrigin: requestOrigin(req),
    });
    if (isBot(body)) {
      res.json({ ok: true });
      return;
    }
    const placed = await completeRoute(ctx.db, form, 'lead_', (error) =>
      ctx.logger.warn(
        { err: error },
        'an analytics copy route could not be placed; stored as sent',
      ),
    );
    const wire = analyticsWire(placed, { siteId, ip: clientIp(req), origin });
    const { created } = await acceptAnalyticsCopy(ctx.db, wire, siteId, {
      maxAttempts: ctx.config.leadForwardMaxAttempts,
    });
    if (created) ctx.jobs?.kick(LEAD_ANALYTICS_JOB);
    res.json({ ok: true });
  };
}
