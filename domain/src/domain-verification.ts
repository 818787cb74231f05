import { isValidAddress, normalizeAddress } from './address';

// Verified providers, by proof and never by payment (issue 26): a provider proves control of a
// website's domain with a token we issue, in one of three places. A verified domain covers itself
// and its subdomains, and a listing is verified when its provider (the account that owns it) has
// verified a domain covering the listing's website. Written once for the client (instructions)
// and the server (checks).

export type ProofMethod = 'dns' | 'file' | 'meta';
export const PROOF_METHODS: readonly ProofMethod[] = ['dns', 'file', 'meta'];

export const PROOF_METHOD_LABELS: Record<ProofMethod, string> = {
  dns: 'DNS TXT record',
  file: 'File on the site',
  meta: 'Meta tag on the home page',
};

export type VerificationStatus = 'pending' | 'verified' | 'lapsed';

/** The TXT record's value and the file's content start with this. */
export const PROOF_PREFIX = 'agentry-verification';
export const PROOF_FILE_PATH = '/.well-known/agentry-verification.txt';
export const PROOF_META_NAME = 'agentry-verification';

/** Domains one account may hold (verified or waiting). */
export const DOMAINS_PER_ACCOUNT_MAX = 20;

export const VERIFICATION_MESSAGES = {
  domainInvalid: 'Enter a domain name such as example.com',
  domainTaken: 'You have added this domain already',
  tooMany: `An account may hold at most ${DOMAINS_PER_ACCOUNT_MAX} domains`,
  notFound: 'Domain not found',
  providersOnly: 'Domains are verified by provider accounts.',
} as const;

/**
 * The domain a website address stands for: its host, lower-cased, without a leading "www." and
 * with its port when it is not the scheme's own (tests run sites on local ports). Null when the
 * address is not a valid one.
 */
export function siteDomainOf(address: string): string | null {
  if (!isValidAddress(address)) return null;
  const url = new URL(normalizeAddress(address));
  return url.host.toLowerCase().replace(/^www\./, '');
}

/** The host of an address as the coverage rule compares it (lower case, port kept), or null. */
export function siteHostOf(address: string): string | null {
  try {
    const url = new URL(normalizeAddress(address));
    return url.host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * A domain as a person typed it ("https://www.Example.com/", "example.com"), made into the form
 * we store, or null when it is not a domain name (a path, a query, credentials or no dot).
 */
export function normalizeDomain(typed: string): string | null {
  const trimmed = typed.trim().replace(/\/+$/, '');
  if (!trimmed || trimmed.length > 253) return null;
  const withScheme = normalizeAddress(trimmed);
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.pathname !== '/' || url.search || url.hash) return null;
  return siteDomainOf(withScheme);
}

/** Does a verified domain cover this host (the domain itself or one of its subdomains)? */
export function domainCovers(domain: string, host: string): boolean {
  const d = domain.toLowerCase();
  const h = host.toLowerCase();
  return h === d || h.endsWith(`.${d}`);
}

/** The verified domain that covers the agent's website, among the owner's, or null. */
export function coveringDomain(verifiedDomains: readonly string[], address: string): string | null {
  const host = siteHostOf(address);
  if (host === null) return null;
  // The most specific one, when several cover the host.
  let best: string | null = null;
  for (const domain of verifiedDomains)
    if (domainCovers(domain, host) && (best === null || domain.length > best.length)) best = domain;
  return best;
}

/** The host name of a domain, without its port (where the TXT record lives). */
export const dnsNameOf = (domain: string) => domain.replace(/:\d+$/, '');

export interface ProofInstructions {
  dns: { name: string; type: 'TXT'; value: string };
  file: { url: string; content: string };
  meta: { url: string; tag: string };
}

/**
 * Where each proof goes. The site is asked over http:// first, as Let's Encrypt's HTTP-01 check
 * does, and redirects (to https://, to www.) are followed.
 */
export function proofInstructions(domain: string, token: string): ProofInstructions {
  return {
    dns: { name: dnsNameOf(domain), type: 'TXT', value: `${PROOF_PREFIX}=${token}` },
    file: { url: `http://${domain}${PROOF_FILE_PATH}`, content: token },
    meta: { url: `http://${domain}/`, tag: `<meta name="${PROOF_META_NAME}" content="${token}">` },
  };
}
