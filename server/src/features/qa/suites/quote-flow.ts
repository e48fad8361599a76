/**
 * The quote-flow suite: session, matching, lead and analytics copy through the widget's endpoints as the QA
 * test partner (quote-flow-steps.ts); then the lead must be stored as a test and never queued for the lead
 * backend, and its rows are removed afterwards (quote-flow-rows.ts). A step whose inputs failed is skipped.
 */
import { expect, type QaSession } from '../qa-session';
import { checkStoredAsTest, removeTestRows } from './quote-flow-rows';
import {
  matchMovers,
  newQuoteFlow,
  sendAnalyticsCopy,
  sendLead,
  startSession,
} from './quote-flow-steps';

export async function quoteFlowSuite(session: QaSession): Promise<void> {
  const flow = newQuoteFlow(session);
  const step = (name: string, url: string | null, run: () => Promise<string>) =>
    session.check('quote-flow', name, url, run);

  const sessionOk = await step(
    'session_send_bq records a session',
    '/api/proxy/session_send_bq',
    () => startSession(flow),
  );
  const matchOk = await step('match_companies finds movers', '/api/proxy/match_companies', () =>
    matchMovers(flow),
  );
  const leadOk = await step('send_lead accepts the quote request', '/api/proxy/send_lead', () => {
    expect(sessionOk && matchOk, 'Skipped: the session or matching step failed');
    return sendLead(flow);
  });
  await step('lead_send_bq accepts the analytics copy', '/api/proxy/lead_send_bq', () => {
    expect(leadOk, 'Skipped: the lead was not accepted');
    return sendAnalyticsCopy(flow);
  });
  await step('The test lead is stored as a test and never forwarded', null, () => {
    expect(leadOk, 'Skipped: the lead was not accepted');
    return checkStoredAsTest(flow);
  });
  await step('The test data is removed', null, () => removeTestRows(flow));
}
