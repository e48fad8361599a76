/**
 * The funnel event the widget sends on each step. A module of its own, apart from widget-quote.ts: the
 * widget's first step imports that module's options and rules, and a schema there put zod (about 20 KB
 * gzipped) on step 1's path, past its 85 KB budget (bench/widget.bench.ts).
 */
import { z } from 'zod';
import { plainText } from './text';

/** POST /api/proxy/widget_event (form-encoded): a funnel step, so the admin statistics can show drop-off. */
export const WidgetStepEventSchema = /* @__PURE__ */ z.object({
  event: z.enum(['step']),
  form_step: z.string().regex(/^[1-7]$/, 'The form step must be 1 to 7'),
  step_name: z.enum(['size', 'date', 'route', 'contact', 'companies', 'auto', 'success']),
  session_id: plainText(z.string().max(64), 'Session id').optional().default(''),
  lead_uuid: plainText(z.string().max(64), 'Lead id').optional().default(''),
  website: plainText(z.string().max(64), 'Website').optional().default(''),
});
export type WidgetStepEvent = z.infer<typeof WidgetStepEventSchema>;
