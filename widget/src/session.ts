/**
 * Session start (spec 4.1): once per page load, however many widgets the page holds. The visitor's IP is
 * fetched; a session id kept in session storage is reused; otherwise a session is recorded and its id kept.
 * If recording fails, the caller's lead id serves as the session id.
 */
import './no-eval';
import {
  SESSION_TRACKING_FIELDS,
  WEBSITE_VERSION,
  type SessionRequest,
} from '@moveratlas/contracts';
import type { WidgetApi } from './api';

export const SESSION_STORAGE_KEY = 'moveratlas:session_id';

export interface VisitorSession {
  sessionId: string;
  ip: string;
}

const started = new Map<string, Promise<VisitorSession>>();

function safeStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function sessionRequest(uuid: string, ip: string, site: string): SessionRequest {
  const params = new URLSearchParams(location.search);
  const tracking = Object.fromEntries(
    SESSION_TRACKING_FIELDS.map((field) => [field, params.get(field) ?? '']),
  ) as Record<(typeof SESSION_TRACKING_FIELDS)[number], string>;
  return {
    uuid,
    hostname: location.hostname,
    origin: location.origin,
    ...tracking,
    ip_address: ip,
    location_href: location.href,
    referrer: document.referrer,
    website: site,
    website_version: WEBSITE_VERSION,
    trustedformtoken: '',
  };
}

export function startSession(
  api: WidgetApi,
  apiBase: string,
  leadUuid: string,
  site: string,
): Promise<VisitorSession> {
  let session = started.get(apiBase);
  if (!session) {
    session = (async () => {
      const ip = await api.ip();
      const storage = safeStorage();
      const stored = storage?.getItem(SESSION_STORAGE_KEY);
      if (stored) return { sessionId: stored, ip };
      try {
        const sessionId = await api.startSession(sessionRequest(leadUuid, ip, site));
        storage?.setItem(SESSION_STORAGE_KEY, sessionId);
        return { sessionId, ip };
      } catch (error) {
        console.warn(`[MoverAtlas] Failed to record session: ${String(error)}`);
        return { sessionId: leadUuid, ip };
      }
    })();
    started.set(apiBase, session);
  }
  return session;
}

/** Tests only: forget the page's session. */
export function resetSessionForTests(): void {
  started.clear();
}
