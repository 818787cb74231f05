import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type AddressPolicy, isCallableAddress } from './address-policy';
import { DnsLookupError, type ResolvedAddress, type Resolver } from './resolver';

// One GET of a listing's website, as the link checker and the domain proofs make it: the name is
// resolved first and every address it gives must be public (address-policy.ts), then the socket is
// opened to that very address (no second lookup a DNS answer could change in between: DNS
// rebinding), redirects are followed to a limit, each hop checked again, within one deadline for
// the whole fetch, keeping at most `maxBodyBytes` of the answer.

export type FetchFailure =
  /** Not an http(s) URL, or a redirect to one that is not. */
  | 'invalid_url'
  /** The name has no address. */
  | 'dns'
  /** The resolver did not answer. */
  | 'dns_unavailable'
  /** The name resolves to an address the site may not call (private, loopback, link-local...). */
  | 'blocked'
  /** Nothing listens there (connection refused). */
  | 'refused'
  /** No answer within the deadline. */
  | 'timeout'
  | 'too_many_redirects'
  | 'tls'
  /** The connection was cut before an answer. */
  | 'reset'
  | 'error';

export type FetchResult =
  | {
      ok: true;
      status: number;
      url: string;
      redirects: number;
      body: string;
      /** The kept body as it came (a picture is no text). */
      bytes: Buffer;
      /** The body reached maxBodyBytes (and was cut there, if it had more). */
      truncated: boolean;
      contentType: string;
    }
  | { ok: false; failure: FetchFailure; url: string; redirects: number; detail?: string };

export interface FetchOptions {
  resolver: Resolver;
  policy: AddressPolicy;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /** How much of the final answer's body to keep (0: none; the rest is not read). */
  maxBodyBytes: number;
  userAgent: string;
  /** The Accept header (pages and text by default). */
  accept?: string;
  /** Waits for the host's turn before each request (per-host politeness, host-pacer.ts). */
  beforeRequest?: (url: URL) => Promise<void>;
  /** Ends the fetch early (a shutdown); it then answers as timed out. */
  signal?: AbortSignal;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A failure of one hop, with the URL it happened at. */
class HopFailure extends Error {
  constructor(
    readonly failure: FetchFailure,
    readonly detail?: string,
  ) {
    super(failure);
  }
}

function failureOf(error: unknown): { failure: FetchFailure; detail?: string } {
  if (error instanceof HopFailure) return { failure: error.failure, detail: error.detail };
  if (error instanceof DnsLookupError)
    return { failure: error.kind === 'not_found' ? 'dns' : 'dns_unavailable', detail: error.code };
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED') return { failure: 'refused', detail: code };
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return { failure: 'timeout', detail: code };
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED')
    return { failure: 'reset', detail: code };
  if (code === 'ENOTFOUND') return { failure: 'dns', detail: code };
  if (/^(CERT_|ERR_TLS|ERR_SSL|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/.test(code) || code === 'EPROTO')
    return { failure: 'tls', detail: code };
  return { failure: 'error', detail: code || (error as Error).message?.slice(0, 100) };
}

function parseHttpUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new HopFailure('invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HopFailure('invalid_url', url.protocol);
  if (url.username || url.password) throw new HopFailure('invalid_url', 'credentials');
  return url;
}

/** The one address the socket may open: every address of the name must be callable. */
async function callableAddress(url: URL, options: FetchOptions): Promise<ResolvedAddress> {
  const found = await options.resolver.addresses(url.hostname);
  const refused = found.find(({ address }) => !isCallableAddress(address, options.policy));
  if (refused || found.length === 0) throw new HopFailure('blocked', refused?.address);
  return found[0]!;
}

/** A lookup that answers the address checked above, whatever it is asked. */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return ((_host: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (lookupOptions?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

interface HopAnswer {
  status: number;
  location: string | undefined;
  bytes: Buffer;
  truncated: boolean;
  contentType: string;
}

function requestOnce(
  url: URL,
  pinned: ResolvedAddress,
  options: FetchOptions,
  signal: AbortSignal,
  keepBody: number,
): Promise<HopAnswer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<HopAnswer>((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          'User-Agent': options.userAgent,
          Accept: options.accept ?? 'text/html,text/plain;q=0.9,*/*;q=0.5',
        },
        lookup: pinnedLookup(pinned),
        // No pooled socket: each check opens its own and closes it, so nothing lingers.
        agent: false,
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        const contentType = String(response.headers['content-type'] ?? '');
        const want = REDIRECTS.has(status) ? 0 : keepBody;
        if (want === 0) {
          response.destroy();
          resolve({ status, location, bytes: Buffer.alloc(0), truncated: false, contentType });
          return;
        }
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = (truncated: boolean) => {
          response.destroy();
          resolve({ status, location, bytes: Buffer.concat(chunks), truncated, contentType });
        };
        response.on('data', (chunk: Buffer) => {
          const room = want - kept;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          kept += Math.min(chunk.length, room);
          if (kept >= want) finish(true);
        });
        response.on('end', () => finish(false));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * GETs `address`, following redirects, never calling an address the policy refuses. The deadline
 * covers the work of the fetch (resolving, connecting, waiting for answers); the wait for a host's
 * turn (beforeRequest) is not counted, so politeness never turns into a timeout.
 */
export async function fetchPage(address: string, options: FetchOptions): Promise<FetchResult> {
  let remaining = options.timeoutMs;
  let current = address;
  let redirects = 0;
  let hop: AbortSignal | null = null;
  try {
    let url = parseHttpUrl(address);
    for (;;) {
      current = url.href;
      let started = Date.now();
      const pinned = await callableAddress(url, options);
      remaining -= Date.now() - started;
      await options.beforeRequest?.(url);
      if (remaining <= 0 || options.signal?.aborted) throw new HopFailure('timeout');
      started = Date.now();
      const timeout = AbortSignal.timeout(remaining);
      hop = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
      const answer = await requestOnce(url, pinned, options, hop, options.maxBodyBytes);
      remaining -= Date.now() - started;
      if (!REDIRECTS.has(answer.status) || !answer.location) {
        return {
          ok: true,
          status: answer.status,
          url: url.href,
          redirects,
          body: answer.bytes.toString('utf8'),
          bytes: answer.bytes,
          truncated: answer.truncated,
          contentType: answer.contentType,
        };
      }
      if (redirects >= options.maxRedirects) throw new HopFailure('too_many_redirects');
      redirects += 1;
      url = parseHttpUrl(answer.location, url);
    }
  } catch (error) {
    const cut = hop?.aborted === true && !(error instanceof HopFailure);
    const failed = cut ? { failure: 'timeout' as const } : failureOf(error);
    return { ok: false, url: current, redirects, ...failed };
  }
}
