// Whether a listing's website answers (issue 26, "listings that stay true"): what the link checker
// records and how a page says it. Written once for the server, the client and MCP.

/** What one check found. */
export type SiteCheckOutcome =
  /** The site answered (2xx, 3xx, or a 4xx other than 404/410: the site is there, it restricts robots). */
  | 'answered'
  /** 404, 410 or 5xx. */
  | 'http_error'
  | 'timeout'
  /** Nothing listens at the address. */
  | 'refused'
  /** The name has no address. */
  | 'dns'
  /** The name resolves to an address the site never calls (private, loopback, link-local). */
  | 'blocked'
  | 'too_many_redirects'
  | 'tls'
  | 'reset'
  | 'invalid_url'
  | 'error'
  /** The site's robots.txt asks robots not to fetch the page: not visited. */
  | 'disallowed'
  /** Our own DNS did not answer: the check says nothing about the site. */
  | 'inconclusive';

/** up: answered at the last check; down: failed twice in a row or more; unknown: robots keep us out. */
export const SITE_STATES = ['up', 'down', 'unknown', 'unchecked'] as const;
export type SiteState = (typeof SITE_STATES)[number];

export const SITE_DOWN_OUTCOMES: readonly SiteCheckOutcome[] = [
  'http_error',
  'timeout',
  'refused',
  'dns',
  'blocked',
  'too_many_redirects',
  'tls',
  'reset',
  'invalid_url',
  'error',
];

/** Two failed checks in a row (the second an hour after the first) make a site down. */
export const SITE_DOWN_AFTER_FAILURES = 2;

/**
 * A listing whose site has been down this long is put before staff (the ranking policy page says
 * so). Search does not demote it: relevance stays the only order (docs/trust.md).
 */
export const SITE_DEMOTED_AFTER_DAYS = 30;

export interface SiteCheckView {
  state: SiteState;
  /** Since when the state holds (for down: the first failed check of the run). */
  since: string | null;
  /** When the site was last checked. */
  checked_at: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "today", "yesterday", "3 days ago". */
export function daysAgo(at: string, now: number): string {
  const days = Math.floor((now - Date.parse(at)) / DAY_MS);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${days} days ago`;
}

/** A long US date, as the rest of the site writes dates: "November 3, 2026". */
export function longDate(at: string): string {
  return new Date(at).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The sentence an agent page shows, or null when there is nothing to say yet. */
export function describeSiteCheck(view: SiteCheckView, now: number): string | null {
  if (view.state === 'up' && view.checked_at)
    return `Site answered, checked ${daysAgo(view.checked_at, now)}`;
  if (view.state === 'down' && view.since) return `Site unreachable since ${longDate(view.since)}`;
  if (view.state === 'unknown') return "Not checked: the site's robots.txt asks robots to stay away";
  return null;
}

/** Has the site been down SITE_DEMOTED_AFTER_DAYS or more (long enough to put before staff)? */
export function isLongDown(state: SiteState, since: string | null, now: number): boolean {
  return state === 'down' && since !== null && now - Date.parse(since) >= SITE_DEMOTED_AFTER_DAYS * DAY_MS;
}
