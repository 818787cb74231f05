import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';

// Names to addresses and TXT records for outbound checks. By default the system's resolver (the
// same answers as any program on the host); OUTBOUND_DNS_SERVERS names others (tests run a local
// DNS server, so example names can point at local servers and carry TXT records).
//
// The system's resolver is getaddrinfo, which blocks a thread of libuv's pool (four by default) until
// it answers: seconds for a name whose servers do not answer. The same pool runs the password
// hashes (auth/passwords.ts) and file reads and writes (the mail queue, uploads), so the link
// checker's eight checks at once (LINK_CHECK_CONCURRENCY) could hold every thread and make a
// sign-in wait for someone's dead domain. At most SYSTEM_LOOKUPS_AT_ONCE lookups run at once per
// process; the others wait here, on no thread. (c-ares, the resolver of OUTBOUND_DNS_SERVERS and
// of TXT records, uses no pool thread.)

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface Resolver {
  /** Every address the name resolves to; an IP literal is its own answer. Rejects when there is none. */
  addresses(host: string): Promise<ResolvedAddress[]>;
  /** The TXT records of a name, each joined from its strings; [] when it has none. */
  txt(name: string): Promise<string[]>;
}

/** The DNS error codes that mean "no such record" rather than "could not ask". */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

export class DnsLookupError extends Error {
  constructor(
    readonly host: string,
    /** not_found: the name has no address; unavailable: the resolver did not answer. */
    readonly kind: 'not_found' | 'unavailable',
    readonly code?: string,
  ) {
    super(kind === 'not_found' ? `${host} has no address` : `could not resolve ${host} (${code})`);
    this.name = 'DnsLookupError';
  }
}

const literal = (host: string): ResolvedAddress[] | null => {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  return family === 0 ? null : [{ address: bare, family: family as 4 | 6 }];
};

const codeOf = (error: unknown) => (error as { code?: string }).code ?? 'error';

/** getaddrinfo calls at once per process: half of libuv's pool, the rest left to hashes and files. */
export const SYSTEM_LOOKUPS_AT_ONCE = 2;

type SystemLookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

export interface ResolverOptions {
  servers?: string[];
  timeoutMs?: number;
  /** getaddrinfo (dns.lookup, every address) unless given: tests count what runs at once. */
  systemLookup?: SystemLookup;
}

/** Runs at most `atOnce` of the calls at a time, in the order they came. */
function bounded(lookup: SystemLookup, atOnce: number): SystemLookup {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (host) => {
    if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await lookup(host);
    } finally {
      // The slot passes to the next in line, else it is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export function createResolver(options: ResolverOptions = {}): Resolver {
  const servers = options.servers ?? [];
  const systemLookup = bounded(
    options.systemLookup ?? ((host) => dns.lookup(host, { all: true, verbatim: true })),
    SYSTEM_LOOKUPS_AT_ONCE,
  );
  const custom =
    servers.length > 0 ? new dns.Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 }) : null;
  custom?.setServers(servers);
  const system = new dns.Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });

  const fromCustom = async (resolver: InstanceType<typeof dns.Resolver>, host: string) => {
    const settled = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const found: ResolvedAddress[] = [];
    settled.forEach((result, index) => {
      if (result.status === 'fulfilled')
        for (const address of result.value) found.push({ address, family: index === 0 ? 4 : 6 });
    });
    if (found.length > 0) return found;
    const codes = settled.map((result) => (result.status === 'rejected' ? codeOf(result.reason) : 'ENODATA'));
    if (codes.every((code) => NO_RECORD.has(code))) throw new DnsLookupError(host, 'not_found');
    throw new DnsLookupError(
      host,
      'unavailable',
      codes.find((code) => !NO_RECORD.has(code)),
    );
  };

  return {
    async addresses(host) {
      const given = literal(host);
      if (given) return given;
      if (custom) return fromCustom(custom, host);
      try {
        // getaddrinfo: /etc/hosts and the system's search rules, as any program on the host sees them.
        const found = await systemLookup(host);
        return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
      } catch (error) {
        const code = codeOf(error);
        throw new DnsLookupError(host, NO_RECORD.has(code) ? 'not_found' : 'unavailable', code);
      }
    },
    async txt(name) {
      try {
        const records = await (custom ?? system).resolveTxt(name);
        return records.map((parts) => parts.join(''));
      } catch (error) {
        const code = codeOf(error);
        if (NO_RECORD.has(code)) return [];
        throw new DnsLookupError(name, 'unavailable', code);
      }
    },
  };
}
