import { createHmac, timingSafeEqual } from 'node:crypto';

// The unsubscribe link of a saved search's digest: it works without signing in, so it carries its
// own proof, an HMAC-SHA256 of the search's id and author under the session secret (nothing is
// stored; a changed SESSION_SECRET voids the links already sent, as it ends the sessions). A
// tampered id or token fails the check; the token says nothing about the search it names.

const PURPOSE = 'saved-search-digest-unsubscribe';

export function unsubscribeToken(secret: string, searchId: string, createdBy: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${searchId}\n${createdBy}`).digest('base64url');
}

export function unsubscribeTokenMatches(
  secret: string,
  searchId: string,
  createdBy: string,
  token: string,
): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, searchId, createdBy));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page of the site the digest links to (client route /saved-searches/unsubscribe). */
export function unsubscribePath(searchId: string, token: string): string {
  return `/saved-searches/unsubscribe?${new URLSearchParams({ id: searchId, token }).toString()}`;
}
