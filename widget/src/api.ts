/**
 * The widget's calls to the MoverAtlas server it was loaded from (spec 7.2 and 7.3, served under /api).
 * Everything goes to `apiBase`, never to the host page's origin; no cookies are sent. A failed call rejects with
 * a RequestFailure: the visitor's words beside the technical reason (spec 8's "API Error: …", for the console).
 */
import type {
  LeadAnalyticsBody,
  MatchCompaniesRequest,
  MatchCompaniesResponse,
  SendLeadBody,
  SessionRequest,
  WidgetStepEvent,
  ZipPlace,
} from '@moveratlas/contracts';
import {
  OFFLINE_MESSAGE,
  RequestFailure,
  SERVER_TROUBLE_MESSAGE,
  failureMessageFor,
} from './failure-text';

export interface WidgetApi {
  ip(): Promise<string>;
  startSession(request: SessionRequest): Promise<string>;
  matchCompanies(request: MatchCompaniesRequest): Promise<MatchCompaniesResponse>;
  /** Resolves with the lead id (plain text); rejects with the server's reason. */
  sendLead(fields: SendLeadBody): Promise<string>;
  sendLeadAnalytics(fields: LeadAnalyticsBody): Promise<void>;
  places(query: string, signal?: AbortSignal): Promise<ZipPlace[]>;
  trackStep(event: WidgetStepEvent): void;
}

/** Spec 8: the JSON body's error field, else its message field, else the status text. */
async function failureReason(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
    return response.statusText || `HTTP ${response.status}`;
  } catch {
    return `${response.status} ${response.statusText}`.trim();
  }
}

export function createApi(apiBase: string, fetchImpl: typeof fetch = fetch): WidgetApi {
  const url = (path: string) => new URL(path, apiBase).href;
  const call = async (path: string, init?: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await fetchImpl(url(path), { credentials: 'omit', ...init });
    } catch (error) {
      // Our own cancellation (a newer place query) is not a failure to report.
      if (init?.signal?.aborted) throw error;
      // fetch rejects only when nothing came back: offline, DNS, a dropped connection, CORS.
      throw new RequestFailure(OFFLINE_MESSAGE, `${path}: ${String(error)}`);
    }
    if (!response.ok) {
      const reason = await failureReason(response);
      throw new RequestFailure(
        failureMessageFor(response.status, reason),
        `API Error: ${reason}`,
        response.status,
      );
    }
    return response;
  };
  /** Reads a body that can still fail half-way (a connection dropped after the headers). */
  const body = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      throw new RequestFailure(OFFLINE_MESSAGE, `reading the answer: ${String(error)}`);
    }
  };
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    body: new URLSearchParams(fields),
  });

  return {
    async ip() {
      try {
        const body = (await (await call('/api/ip')).json()) as { ip?: unknown };
        return typeof body.ip === 'string' ? body.ip : '';
      } catch {
        return '';
      }
    },
    async startSession(request) {
      const body = (await (await call('/api/proxy/session_send_bq', json(request))).json()) as {
        session_id?: unknown;
      };
      if (typeof body.session_id !== 'string' || body.session_id === '')
        throw new Error('Failed to record session: no session_id');
      return body.session_id;
    },
    async matchCompanies(request) {
      const response = await call('/api/proxy/match_companies', json(request));
      return (await response.json()) as MatchCompaniesResponse;
    },
    async sendLead(fields) {
      const response = await call('/api/proxy/send_lead', form(fields));
      const leadId = (await body(() => response.text())).trim();
      if (leadId === '')
        throw new RequestFailure(SERVER_TROUBLE_MESSAGE, 'Failed to submit lead: empty response');
      return leadId;
    },
    async sendLeadAnalytics(fields) {
      await call('/api/proxy/lead_send_bq', form(fields));
    },
    async places(query, signal) {
      const response = await call(
        `/api/geo/places?${new URLSearchParams({ q: query, limit: '6' })}`,
        signal ? { signal } : {},
      );
      return (await response.json()) as ZipPlace[];
    },
    trackStep(event) {
      const body = new URLSearchParams(Object.entries(event));
      // A beacon survives the page being left; a form body needs no CORS preflight.
      if (
        typeof navigator !== 'undefined' &&
        navigator.sendBeacon?.(url('/api/proxy/widget_event'), body)
      )
        return;
      void fetchImpl(url('/api/proxy/widget_event'), {
        method: 'POST',
        body,
        keepalive: true,
      }).catch(() => undefined);
    },
  };
}
