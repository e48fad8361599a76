/**
 * Who the passkeys belong to (WebAuthn's relying party): its id (a host name: a passkey works on that host
 * and its subdomains only) and the origin the browser must report. With PUBLIC_URL, the site's own host
 * (or PASSKEY_RP_ID, a domain it belongs to); without it (development, tests, a trial install) the host this
 * request was addressed to, which the request guard holds to the allowed hosts whenever PUBLIC_URL is unset
 * (web/allowed-hosts.ts: any other Host answers 400). A production site sets PUBLIC_URL, so that passkeys
 * are bound to its one canonical name.
 */
import type { Request } from 'express';
import type { Config } from '../../../config';
import { HttpError } from '../../../lib/http-error';

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

export function relyingParty(config: Config, req: Request): RelyingParty {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { id: config.passkeyRpId ?? url.hostname, name: config.siteName, origin: url.origin };
  }
  const host = req.get('host') ?? '';
  if (!SAFE_HOST.test(host))
    throw new HttpError(
      400,
      'Passkeys cannot be used at this address of the site. Please sign in with your password.',
    );
  return {
    id: host.replace(/:\d+$/, '').toLowerCase(),
    name: config.siteName,
    origin: `${req.protocol}://${host.toLowerCase()}`,
  };
}
