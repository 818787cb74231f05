// Agent addresses: the spec adds https:// where no scheme is given and accepts only http(s)
// URLs with a real domain name.

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/** Adds https:// when the address lacks http:// or https:// (spec section 3). */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  if (trimmed === '') return trimmed;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (HAS_SCHEME.test(trimmed)) return trimmed; // another scheme stays visible so validation rejects it
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/** A valid http(s) URL with a domain; the scheme is optional (spec section 5). */
export function isValidAddress(address: string): boolean {
  const normalized = normalizeAddress(address);
  if (normalized === '' || /\s/.test(normalized)) return false;
  let url: URL;
  try {
    url = new URL(normalized);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const labels = url.hostname.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TLD.test(tld);
}

/**
 * An address under `.example`, the top-level domain reserved for examples (RFC 2606): never a real
 * site. The demo catalog's agents live there, so a listing with one is shown as an example (issue 25).
 */
export function isExampleAddress(address: string): boolean {
  try {
    return /(^|\.)example\.?$/i.test(new URL(normalizeAddress(address)).hostname);
  } catch {
    return false;
  }
}
