/**
 * The cloud-functions lead backend of spec 7.3: sessions as JSON, leads and the analytics copy
 * form-encoded, each call bounded by a timeout and each answer checked before we call it delivered.
 * Every call goes through the outbound guard (lib/http/public-fetch.ts): the host is an admin's setting, so
 * it must never reach inside, and nothing it answers is repeated in a job's log (status and time only).
 */
import { z } from 'zod';
import type { LeadAnalyticsWire, SendLeadWire, SessionRequest } from '@moveratlas/contracts';
import { OutboundRefusedError, type PublicFetch } from '../lib/http/public-fetch';
import { LeadBackendError, type LeadBackend } from './lead-backend';

/** The ids a backend answers are stored and shown: plain tokens only, never a page of text. */
const BACKEND_ID = /^[A-Za-z0-9._:-]{0,100}$/;
const SessionAnswer = z.object({
  session_id: z.union([z.string().regex(BACKEND_ID), z.number().int().nonnegative()]),
});
/** The backend's lead id, as plain text. */
const LeadIdAnswer = z
  .string()
  .trim()
  .regex(BACKEND_ID, 'the lead id answer is not a plain id of at most 100 letters and digits');

/** 4xx answers that are worth retrying: timeouts, conflicts in progress, rate limits. */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

/** A network failure in fixed words: a system error code, never text from elsewhere. */
function networkReason(error: unknown): string {
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'network error';
}

export class CloudFunctionsBackend implements LeadBackend {
  readonly name = 'cloud-functions';

  constructor(
    private readonly host: string,
    private readonly timeoutMs: number,
    private readonly outbound: PublicFetch,
  ) {}

  private async post(
    path: string,
    body: string,
    contentType: string,
    signal?: AbortSignal,
  ): Promise<string> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const started = performance.now();
    const elapsed = () => `${Math.round(performance.now() - started)} ms`;
    try {
      const response = await this.outbound.fetch(`${this.host}${path}`, {
        method: 'POST',
        headers: { 'content-type': contentType, accept: 'application/json, text/plain' },
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        const permanent =
          response.status >= 400 && response.status < 500 && !RETRYABLE_4XX.has(response.status);
        throw new LeadBackendError(
          `POST ${path} answered ${response.status} after ${elapsed()}`,
          permanent,
        );
      }
      return await this.outbound.text(response);
    } catch (error) {
      if (error instanceof LeadBackendError) throw error;
      if (timeout.aborted)
        throw new LeadBackendError(`POST ${path} failed: no answer within ${this.timeoutMs} ms`);
      if (error instanceof OutboundRefusedError)
        throw new LeadBackendError(`POST ${path} ${error.message} (after ${elapsed()})`);
      throw new LeadBackendError(`POST ${path} failed after ${elapsed()}: ${networkReason(error)}`);
    }
  }

  async sendSession(session: SessionRequest, signal?: AbortSignal): Promise<{ sessionId: string }> {
    const text = await this.post(
      '/session_send_bq',
      JSON.stringify(session),
      'application/json',
      signal,
    );
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new LeadBackendError('POST /session_send_bq answered something other than JSON');
    }
    const parsed = SessionAnswer.safeParse(json);
    if (!parsed.success) throw new LeadBackendError('POST /session_send_bq answered no session_id');
    return { sessionId: String(parsed.data.session_id) };
  }

  async sendLead(lead: SendLeadWire, signal?: AbortSignal): Promise<{ leadId: string }> {
    const text = await this.post(
      '/send_lead',
      new URLSearchParams(lead).toString(),
      'application/x-www-form-urlencoded',
      signal,
    );
    const parsed = LeadIdAnswer.safeParse(text);
    if (!parsed.success)
      throw new LeadBackendError(`POST /send_lead: ${parsed.error.issues[0]!.message}`);
    return { leadId: parsed.data };
  }

  async sendAnalytics(copy: LeadAnalyticsWire, signal?: AbortSignal): Promise<void> {
    await this.post(
      '/lead_send_bq',
      new URLSearchParams(copy).toString(),
      'application/x-www-form-urlencoded',
      signal,
    );
  }
}
