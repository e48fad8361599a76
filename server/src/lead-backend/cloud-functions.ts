/**
 * The cloud-functions lead backend of spec 7.3: sessions as JSON, leads and the analytics copy
 * form-encoded, each call bounded by a timeout and each answer checked before we call it delivered.
 */
import { z } from 'zod';
import type { LeadAnalyticsWire, SendLeadWire, SessionRequest } from '@moveratlas/contracts';
import { LeadBackendError, type LeadBackend } from './lead-backend';

const SessionAnswer = z.object({ session_id: z.union([z.string(), z.number()]) });
/** The backend's lead id, as plain text. */
const LeadIdAnswer = z.string().trim().max(100, 'the lead id answer is longer than 100 characters');

/** 4xx answers that are worth retrying: timeouts, conflicts in progress, rate limits. */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

export class CloudFunctionsBackend implements LeadBackend {
  readonly name = 'cloud-functions';

  constructor(
    private readonly host: string,
    private readonly timeoutMs: number,
  ) {}

  private async post(
    path: string,
    body: string,
    contentType: string,
    signal?: AbortSignal,
  ): Promise<string> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${this.host}${path}`, {
        method: 'POST',
        headers: { 'content-type': contentType, accept: 'application/json, text/plain' },
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      const reason = timeout.aborted
        ? `no answer within ${this.timeoutMs} ms`
        : ((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
      throw new LeadBackendError(`POST ${path} failed: ${reason}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new LeadBackendError(
        `POST ${path}: the answer broke off (${(error as Error).message})`,
      );
    }
    if (!response.ok) {
      const permanent =
        response.status >= 400 && response.status < 500 && !RETRYABLE_4XX.has(response.status);
      throw new LeadBackendError(
        `POST ${path} answered ${response.status}: ${text.slice(0, 200)}`,
        permanent,
      );
    }
    return text;
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
