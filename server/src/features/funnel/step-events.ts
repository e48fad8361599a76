/**
 * POST /api/proxy/widget_event: the widget's step events (spec 4.1 logs them to the console; we also keep
 * them so the admin statistics can show the wizard's funnel). Sent as a beacon, so the answer is 204.
 */
import type { RequestHandler } from 'express';
import { WidgetStepEventSchema } from '@moveratlas/contracts';
import { originHeader, requestOrigin } from '../../lib/request-meta';
import { parseInput } from '../../lib/validate';
import { formBody } from '../../lib/http/bodies';
import type { ProxyContext } from '../../app-context';

export function widgetStepEventHandler(ctx: ProxyContext): RequestHandler {
  return async (req, res) => {
    const event = parseInput(WidgetStepEventSchema, formBody(req, 'widget_event'), 'body');
    const siteId = await ctx.partners.resolveSite({
      origin: originHeader(req),
      website: event.website,
      requestOrigin: requestOrigin(req),
    });
    await ctx.db('widget_step_events').insert({
      site_id: siteId,
      form_step: Number(event.form_step),
      step_name: event.step_name,
      session_id: event.session_id,
      lead_uuid: event.lead_uuid,
    });
    res.set('Cache-Control', 'no-store').status(204).end();
  };
}
