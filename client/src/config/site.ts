// Site-wide settings of the client.

import { HOME_HITS_PER_PAGE, HOME_SEARCH_INDEX } from '@agentry/domain/first-view';
import { PRODUCT_KEY } from '@agentry/domain/product';

/** The InstantSearch index the home search reads. */
export const SEARCH_INDEX = HOME_SEARCH_INDEX;
/** Results per "page" of the home search; "Show more" loads the next page (the server's first view uses it too). */
export const HITS_PER_PAGE = HOME_HITS_PER_PAGE;

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
