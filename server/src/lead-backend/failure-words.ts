/**
 * A forwarding failure as staff read it: the job's error (our own fixed words: cloud-functions.ts never
 * repeats what a backend answered) turned into a sentence about the lead backend. Used by the failure
 * banner, the alert e-mail and the Settings screen's "Test connection".
 */

const NETWORK_WORDS: Array<[RegExp, string]> = [
  [/ECONNREFUSED/, 'the lead backend refused the connection: nothing listens at its address'],
  [/ENOTFOUND|EAI_AGAIN/, "the lead backend's host name does not resolve"],
  [
    /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|SSL/,
    "the lead backend's certificate was not accepted",
  ],
  [/UND_ERR_CONNECT_TIMEOUT|ETIMEDOUT/, 'the lead backend did not accept the connection in time'],
  [
    /ECONNRESET|UND_ERR_SOCKET|EPIPE|UND_ERR_CLOSED/,
    'the connection to the lead backend broke off',
  ],
  [/EHOSTUNREACH|ENETUNREACH/, 'the lead backend cannot be reached from this server'],
];

/** The network error code's meaning, when the code is one we know. */
export function networkWords(code: string): string | undefined {
  return NETWORK_WORDS.find(([pattern]) => pattern.test(code))?.[1];
}

export function leadBackendFailureWords(error: string | null | undefined): string {
  if (!error) return 'forwarding failed for an unknown reason';
  const status = /answered (\d{3})\b/.exec(error);
  if (status) return `the lead backend answered HTTP ${status[1]}`;
  const waited = /no answer within (\d+) ms/.exec(error);
  if (waited)
    return `the lead backend did not answer within ${Math.max(1, Math.round(Number(waited[1]) / 1000))} s`;
  const refused = /refused: (.*?)(?: \(after [^)]*\))?$/.exec(error);
  if (refused) return `the lead backend's address is refused: ${refused[1]}`;
  if (/^lease expired/.test(error))
    return 'an attempt did not finish: the server stopped or stalled while forwarding';
  const known = networkWords(error);
  if (known) return known;
  if (/answered something other than JSON|answered no session_id|is not a plain id/.test(error))
    return 'the lead backend answered something it should not have';
  return 'forwarding failed: the lead backend could not be reached';
}
