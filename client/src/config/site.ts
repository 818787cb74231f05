// Site-wide settings of the client.

import { PRODUCT_KEY } from '@agentry/domain/product';

/** The InstantSearch index the home search reads. */
export const SEARCH_INDEX = 'agents';
/** Results per "page" of the home search; "Show more" loads the next page. */
export const HITS_PER_PAGE = 12;

export const CONTACT_EMAILS = {
  privacy: `privacy@${PRODUCT_KEY}.example`,
  legal: `legal@${PRODUCT_KEY}.example`,
} as const;

/** The origin page meta is built with: where the visitor actually is. */
export function siteOrigin(): string {
  return window.location.origin;
}
