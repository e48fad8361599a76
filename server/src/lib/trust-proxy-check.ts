/**
 * TRUST_PROXY makes the server believe the last hops of X-Forwarded-For, which only the reverse proxy should
 * write. If the process also listens where clients can reach it directly (HOST other than loopback), anyone
 * who skips the proxy writes that header themselves and chooses the address the per-IP limits count (leads,
 * logins). Checked at start: the warning says what is wrong and how to close it.
 */
import type { Config } from '../config';
import { addressKind } from './http/address-kind';

const isLoopback = (host: string) => host === 'localhost' || addressKind(host) === 'loopback';

/** The warning to log, or undefined when the configuration is safe. */
export function trustProxyExposure(
  config: Pick<Config, 'trustProxy' | 'host'>,
): string | undefined {
  if (config.trustProxy === 0 || isLoopback(config.host)) return undefined;
  return (
    `TRUST_PROXY=${config.trustProxy} while listening on ${config.host}: clients that reach this ` +
    'process directly, not through the proxy, can forge X-Forwarded-For and so choose the address the ' +
    'per-IP limits (quote requests, logins) count. Listen on loopback behind the proxy (HOST=127.0.0.1), ' +
    'or let a firewall allow only the proxy to reach this port.'
  );
}
