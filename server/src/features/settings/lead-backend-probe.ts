/**
 * "Test connection" for the lead backend URL: one harmless GET of the address as typed, through the same
 * outbound guard as every forwarded lead (public https only in production, checked where the connection is
 * made, redirects never followed), with a short timeout, answered in plain words. Nothing the backend
 * answers is read or repeated: its status code and the time it took are all we tell.
 */
import type { LeadBackendTestResult } from '@moveratlas/contracts';
import { OutboundRefusedError, type PublicFetch } from '../../lib/http/public-fetch';

/** The longest a test waits: a person is watching the button. */
export const PROBE_TIMEOUT_MS = 5_000;

const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|SSL/;

const causeCode = (error: unknown): string => {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
};

export async function probeLeadBackend(
  outbound: PublicFetch,
  url: string,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<LeadBackendTestResult> {
  const refused = await outbound.check(url);
  if (refused)
    return {
      ok: false,
      outcome: 'not-allowed',
      message: `This address cannot be used: ${refused}.`,
      elapsedMs: null,
      status: null,
    };
  const timeout = AbortSignal.timeout(timeoutMs);
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  try {
    const response = await outbound.fetch(url, {
      method: 'GET',
      headers: { accept: '*/*' },
      signal: timeout,
    });
    const ms = elapsed();
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 500)
      return {
        ok: false,
        outcome: 'http-error',
        message: `It answered HTTP ${response.status} (a server error) after ${ms} ms: the lead backend has a problem of its own.`,
        elapsedMs: ms,
        status: response.status,
      };
    return {
      ok: true,
      outcome: 'reachable',
      message: `Reachable: it answered in ${ms} ms (HTTP ${response.status}).`,
      elapsedMs: ms,
      status: response.status,
    };
  } catch (error) {
    const ms = elapsed();
    const failed = (
      outcome: LeadBackendTestResult['outcome'],
      message: string,
    ): LeadBackendTestResult => ({ ok: false, outcome, message, elapsedMs: ms, status: null });
    if (timeout.aborted)
      return failed(
        'timeout',
        `No answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`}: it timed out.`,
      );
    if (error instanceof OutboundRefusedError)
      return failed('not-allowed', `Not called: ${error.message.replace(/^refused: /, '')}.`);
    const code = causeCode(error);
    if (code === 'ECONNREFUSED')
      return failed(
        'refused',
        'The connection was refused: nothing answers at that address and port.',
      );
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return failed('unknown-host', 'Its host name does not resolve: check the spelling.');
    if (CERTIFICATE.test(code))
      return failed(
        'certificate',
        'Its certificate was not accepted (expired, self-signed or for another name): the secure connection failed.',
      );
    if (code === 'UND_ERR_CONNECT_TIMEOUT')
      return failed('timeout', 'The connection was not accepted in time: it timed out.');
    return failed('network', 'The connection failed before an answer came back.');
  }
}
