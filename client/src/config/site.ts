// Site-wide settings of the client.

import { HOME_HITS_PER_PAGE, HOME_SEARCH_INDEX } from '@agentry/domain/first-view';
import { PRODUCT_KEY } from '@agentry/domain/product';

/** The InstantSearch index the home search reads. */
export const SEARCH_INDEX = HOME_SEARCH_INDEX;
/** Results per "page" of the home search; "Show more" loads the next page (the server's first view uses it too). */
export const HITS_PER_PAGE = HOME_HITS_PER_PAGE;

/**
 * How long text typed in a search box must rest before it is searched (the home box and the
 * employer's): a brisk typist's keys come 100-200 ms apart, so a word is searched once it is
 * typed, not at every letter, and its count is the one shown (issue 27: counts that do not jump).
 */
export const LIVE_SEARCH_DELAY_MS = 300;

export const CONTACT_EMAILS = {
  privacy: `privacy@${PRODUCT_KEY}.example`,
  legal: `legal@${PRODUCT_KEY}.example`,
} as const;

/**
 * The origin page meta is built with: where the visitor actually is. Empty while the server renders
 * a first view (entry-server.tsx), whose head the server writes itself.
 */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}
