// Site-wide settings of the client.

/** The InstantSearch index the home search reads. */
export const SEARCH_INDEX = 'agents';
/** Results per "page" of the home search; "Show more" loads the next page. */
export const HITS_PER_PAGE = 12;

export const CONTACT_EMAILS = {
  privacy: 'privacy@agentry.example',
  legal: 'legal@agentry.example',
} as const;

/** The origin page meta is built with: where the visitor actually is. */
export function siteOrigin(): string {
  return window.location.origin;
}
