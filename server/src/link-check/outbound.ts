import { PRODUCT_NAME } from '@agentry/domain/product';
import type { Config } from '@agentry/platform/config/env';
import type { AddressPolicy } from '@agentry/platform/outbound/address-policy';
import { createResolver, type Resolver } from '@agentry/platform/outbound/resolver';

// How the site calls listings' websites (the link checker, domain proofs), from validated config:
// the resolver (the system's, or OUTBOUND_DNS_SERVERS), the address policy (never a private or
// loopback address, unless a test allows loopback), and who we say we are.

export interface Outbound {
  resolver: Resolver;
  policy: AddressPolicy;
  /** A page's deadline, robots.txt and redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /** The link checker's User-Agent, with the page that says what it does. */
  userAgent: string;
  /** The product token robots.txt groups name (RFC 9309). */
  robotsToken: string;
}

export const ROBOTS_TOKEN = `${PRODUCT_NAME}LinkChecker`;
export const MAX_REDIRECTS = 5;

export function outboundFromConfig(
  config: Pick<
    Config,
    'OUTBOUND_DNS_SERVERS' | 'OUTBOUND_ALLOW_LOOPBACK' | 'LINK_CHECK_TIMEOUT_MS' | 'publicUrl'
  >,
): Outbound {
  const servers = config.OUTBOUND_DNS_SERVERS?.split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  return {
    resolver: createResolver({ servers }),
    policy: { allowLoopback: config.OUTBOUND_ALLOW_LOOPBACK },
    timeoutMs: config.LINK_CHECK_TIMEOUT_MS,
    maxRedirects: MAX_REDIRECTS,
    userAgent: `${ROBOTS_TOKEN}/1.0 (+${config.publicUrl}/ranking-policy)`,
    robotsToken: ROBOTS_TOKEN,
  };
}
