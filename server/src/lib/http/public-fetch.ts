/**
 * The one way the server fetches an address someone chose (today: the lead backend URL of the admin Settings
 * screen or LEAD_BACKEND_URL). A setting must not let a request reach inside: the cloud metadata service, the
 * database port, an admin page on loopback.
 *
 * - The address is checked where the connection is made: the socket's own `lookup` resolves the name and
 *   refuses it when any answer is not allowed, so a name that answered a public address when the setting was
 *   saved and a private one now (DNS rebinding) is still refused. An IP written in the URL skips lookup, so it
 *   is checked before the request.
 * - Redirects are never followed (the body would go wherever the answer points): a 3xx is a failure.
 * - Plain http only ever reaches loopback or private addresses that the rules allow; public hosts need https.
 * - Failures carry fixed, plain reasons: nothing an upstream answered is ever repeated to the UI or job log.
 */
import dns from 'node:dns';
import net from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import type { Config } from '../../config';
import { ADDRESS_KIND_WORDS, addressKind, type AddressKind } from './address-kind';

export interface OutboundRules {
  /** This machine (127.0.0.0/8, ::1): the test and development stand-ins. */
  allowLoopback: boolean;
  /** RFC 1918, CGNAT and unique-local IPv6: a backend on the operator's own network. */
  allowPrivate: boolean;
  /** Plain http to the loopback or private addresses allowed above (never to a public one). */
  allowHttp: boolean;
  /** Any port; otherwise https's 443 or 8443 only, so a setting cannot probe other services' ports. */
  anyPort: boolean;
}

/**
 * Production: https to public addresses on port 443 or 8443 only, unless the operator opts into a private
 * network (LEAD_BACKEND_ALLOW_PRIVATE=1), which also allows loopback and plain http to those addresses.
 * Development and tests: also http to loopback (the stand-ins), still never to private networks unless asked.
 */
export function outboundRules(
  config: Pick<Config, 'env' | 'leadBackendAllowPrivate'>,
): OutboundRules {
  const local = config.env !== 'production';
  return {
    allowLoopback: local || config.leadBackendAllowPrivate,
    allowPrivate: config.leadBackendAllowPrivate,
    allowHttp: local || config.leadBackendAllowPrivate,
    anyPort: local || config.leadBackendAllowPrivate,
  };
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Name → addresses; the system resolver (getaddrinfo, /etc/hosts included) unless a test injects one. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A request this guard would not make; `message` is a plain, fixed reason. */
export class OutboundRefusedError extends Error {
  readonly code = 'ERR_OUTBOUND_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

/** https ports a public backend may use: the default and the usual alternative. */
const PUBLIC_HTTPS_PORTS = new Set(['', '443', '8443']);

/** Why `url` may not be fetched whatever its name resolves to, or undefined. */
export function urlProblem(url: URL, rules: OutboundRules): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only https:// addresses';
  if (url.protocol === 'http:' && !rules.allowHttp)
    return 'plain http:// is refused in production: use https://';
  if (url.username || url.password) return 'no user name or password in the address';
  if (!rules.anyPort && !PUBLIC_HTTPS_PORTS.has(url.port))
    return 'only port 443 or 8443 may be used';
  const host = hostOf(url);
  return net.isIP(host) ? addressProblem(host, url.protocol, rules) : undefined;
}

/** Why connecting to `address` over `protocol` is refused, or undefined. */
export function addressProblem(
  address: string,
  protocol: string,
  rules: OutboundRules,
): string | undefined {
  const kind: AddressKind = addressKind(address);
  if (kind === 'public')
    return protocol === 'https:'
      ? undefined
      : 'plain http:// is only for this machine: use https://';
  if ((kind === 'loopback' && rules.allowLoopback) || (kind === 'private' && rules.allowPrivate))
    return undefined;
  return `it points at ${ADDRESS_KIND_WORDS[kind]}, and only public addresses are allowed`;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | ResolvedAddress[],
  family?: number,
) => void;

export interface PublicFetchOptions {
  resolve?: Resolver;
  /** Answers longer than this are cut off as a failure: no upstream can fill our memory. */
  maxBodyBytes?: number;
}

export class PublicFetch {
  private readonly resolve: Resolver;
  private readonly agents = new Map<string, Agent>();
  readonly maxBodyBytes: number;

  constructor(
    readonly rules: OutboundRules,
    options: PublicFetchOptions = {},
  ) {
    this.resolve = options.resolve ?? systemResolver;
    this.maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  }

  /**
   * Why `address` cannot be used, checked now (for a form's answer): the URL itself, then what its name
   * resolves to at this moment. A name that does not resolve is not refused here — it may be set up later —
   * and every request checks again at connect time anyway.
   */
  async check(address: string): Promise<string | undefined> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return 'it is not a full address such as https://functions.example';
    }
    const problem = urlProblem(url, this.rules);
    if (problem || net.isIP(hostOf(url))) return problem;
    let answers: ResolvedAddress[];
    try {
      answers = await this.resolve(hostOf(url));
    } catch {
      return undefined;
    }
    for (const { address: ip } of answers) {
      const refused = addressProblem(ip, url.protocol, this.rules);
      if (refused) return `its host name resolves to an address that is refused: ${refused}`;
    }
    return undefined;
  }

  /**
   * fetch(), guarded: refused addresses throw OutboundRefusedError before any byte is sent, and a redirect
   * answer throws it too (never followed). Other network failures reject as fetch() does.
   */
  async fetch(address: string, init: Omit<RequestInit, 'redirect' | 'dispatcher'> = {}) {
    const url = new URL(address);
    const problem = urlProblem(url, this.rules);
    if (problem) throw new OutboundRefusedError(`refused: ${problem}`);
    let response: Response;
    try {
      response = await undiciFetch(url, {
        ...init,
        redirect: 'manual',
        dispatcher: this.agentFor(url.protocol),
      });
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof OutboundRefusedError) throw cause;
      throw error;
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new OutboundRefusedError(
        `answered with a redirect (${response.status}), which is never followed`,
      );
    }
    return response;
  }

  /** The answer's text, at most maxBodyBytes (more is a failure, not a truncation). */
  async text(response: Response): Promise<string> {
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > this.maxBodyBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new OutboundRefusedError(`answered more than ${this.maxBodyBytes} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += (chunk as Uint8Array).byteLength;
      if (size > this.maxBodyBytes)
        throw new OutboundRefusedError(`answered more than ${this.maxBodyBytes} bytes`);
      chunks.push(chunk as Uint8Array);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((agent) => agent.close()));
    this.agents.clear();
  }

  /** One agent per protocol: the lookup must know whether plain http may reach the address. */
  private agentFor(protocol: string): Agent {
    let agent = this.agents.get(protocol);
    if (!agent) {
      agent = new Agent({ connect: { lookup: this.lookupFor(protocol) } });
      this.agents.set(protocol, agent);
    }
    return agent;
  }

  /** A net.connect lookup that answers only allowed addresses, and refuses if any answer is not. */
  private lookupFor(protocol: string) {
    return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
      this.resolve(hostname).then(
        (answers) => {
          const refused = answers
            .map(({ address }) => addressProblem(address, protocol, this.rules))
            .find((problem) => problem !== undefined);
          if (answers.length === 0 || refused) {
            callback(
              new OutboundRefusedError(
                `refused: the host name resolves to an address that is refused (${refused ?? 'no address'})`,
              ),
              '',
            );
            return;
          }
          if (options.all) callback(null, answers);
          else callback(null, answers[0]!.address, answers[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, ''),
      );
    };
  }
}
