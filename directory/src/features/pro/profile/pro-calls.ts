/**
 * The /pro area's writes as this screen uses them (pro-request.ts), and the CSRF header alone for an upload
 * sent through XMLHttpRequest.
 */
import { CSRF_HEADER } from '@moveratlas/contracts';
import { proCsrfToken } from '../pro-request';

export { proWrite } from '../pro-request';

/** The CSRF header of the signed-in mover's session, for a request pro-request.ts does not send. */
export function proCsrfHeaders(): Record<string, string> {
  const token = proCsrfToken();
  return token ? { [CSRF_HEADER]: token } : {};
}
