/**
 * Where leads go once we have stored them: the lead-handling backend of spec 7.3 (`LEAD_BACKEND_URL`) or,
 * without one, our own database. The outbox worker only ever talks to this interface.
 */
import type { LeadAnalyticsWire, SendLeadWire, SessionRequest } from '@moveratlas/contracts';

export interface LeadBackend {
  readonly name: 'built-in' | 'cloud-functions';
  /** 7.3.1; answers the backend's session id (empty when ours is the only one). */
  sendSession(session: SessionRequest, signal?: AbortSignal): Promise<{ sessionId: string }>;
  /** 7.3.2; answers the backend's lead id (empty when it sent none). */
  sendLead(lead: SendLeadWire, signal?: AbortSignal): Promise<{ leadId: string }>;
  /** 7.3.3; the analytics copy, whose answer nobody reads. */
  sendAnalytics(copy: LeadAnalyticsWire, signal?: AbortSignal): Promise<void>;
}

/**
 * A failed call. `permanent` means the backend understood and refused the request (a 4xx other than
 * timeouts and rate limits), so sending the same body again cannot succeed.
 */
export class LeadBackendError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'LeadBackendError';
  }
}
