/**
 * What the Settings screen's tests share: the site settings as the server answers them before anything was
 * saved, and a fetch that answers from `routes` and records every call (any other request fails the test).
 */
import { vi } from 'vitest';
import type { SiteSettingsResponse } from '@moveratlas/contracts';

export const SITE: SiteSettingsResponse = {
  settings: {
    siteName: 'MoverAtlas',
    supportEmail: 'support@moveratlas.example',
    supportPhone: '3125550100',
    leadBackendUrl: null,
  },
  defaults: {
    siteName: 'MoverAtlas',
    supportEmail: 'support@moveratlas.example',
    supportPhone: '3125550100',
    leadBackendUrl: null,
  },
  leadBackendOverridden: false,
  updatedAt: null,
  updatedBy: null,
  titleWarning: null,
  version: 0,
};

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

export function serve(routes: (call: Call) => Response | Promise<Response> | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: Call = {
        method: (init.method ?? 'GET').toUpperCase(),
        url: String(input),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      const answer = routes(call);
      if (!answer) throw new Error(`unexpected ${call.method} ${call.url}`);
      return answer;
    }),
  );
  return calls;
}
