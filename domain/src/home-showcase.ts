import { RATING_SHOWN_FROM } from './reviews';

// The home page's agent lists (issue 25, part 2): newly listed agents, agents of verified
// providers (issue 26's badge) and well-reviewed agents. Written once for the server that picks
// them and the page and API description that say what they are.

export const SHOWCASE = {
  /** Agents each list shows. */
  listLength: 8,
  /** Each process works the lists out at most this often (they move slowly; no scan per request). */
  cacheMinutes: 5,
  /** Well reviewed: at least as many readable reviews as a rating is shown from... */
  minReviews: RATING_SHOWN_FROM,
  /** ...and an average of at least this. */
  minAverage: 4,
  /** Verified: the providers with the newest verified domains looked at, at most. */
  verifiedOwners: 24,
} as const;
