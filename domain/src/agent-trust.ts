import { shownAverage } from './reviews';
import type { SiteState } from './site-check';

// What an agent's listing says about trust (issue 26), beside the fields its provider typed: all
// of it derived by the site, none of it for sale; and, carried the same way, the logo we serve for
// it and the page of the provider that owns it (issue 25). The store works it out when it reads an agent
// (platform/src/store/trust/), the search documents carry it, and every public answer presents it
// through publicTrust().

export interface AgentTrust {
  /** The domain its provider proved control of, covering the agent's website; null when none does. */
  verified_domain: string | null;
  /** Whether its website answered the link checker (domain/site-check.ts). */
  site_state: SiteState;
  /** Since when that state holds (down: the first failed check of the run). */
  site_since: string | null;
  /** Average rating of the reviews anyone can read, to one decimal. Public answers give null under RATING_SHOWN_FROM reviews. */
  rating_average: number | null;
  /** How many reviews anyone can read. */
  rating_count: number;
  /**
   * The address of its logo on our own site (the site's icon or its provider's upload, issue 25;
   * never another site's address), or null: the listing then shows its initials.
   */
  logo: string | null;
  /**
   * The path of its provider's page (/providers/{slug}) while the account that owns it has one
   * (domain/provider-page.ts: a subscribed provider); null otherwise, and the name stays text.
   */
  provider_page: string | null;
}

export const TRUST_FIELDS = [
  'verified_domain',
  'site_state',
  'site_since',
  'rating_average',
  'rating_count',
  'logo',
  'provider_page',
] as const satisfies ReadonlyArray<keyof AgentTrust>;

/** No signal yet: unverified, never checked, no review. */
export const NO_TRUST: AgentTrust = {
  verified_domain: null,
  site_state: 'unchecked',
  site_since: null,
  rating_average: null,
  rating_count: 0,
  logo: null,
  provider_page: null,
};

/** The trust an agent carries as the store worked it out, from the reviews' count and sum. */
export function trustOf(parts: {
  verified_domain: string | null;
  site_state?: SiteState;
  site_since?: string | null;
  rating_count: number;
  rating_sum: number;
  logo?: string | null;
  provider_page?: string | null;
}): AgentTrust {
  return {
    verified_domain: parts.verified_domain,
    site_state: parts.site_state ?? 'unchecked',
    site_since: parts.site_since ?? null,
    rating_average:
      parts.rating_count > 0 ? Math.round((parts.rating_sum / parts.rating_count) * 10) / 10 : null,
    rating_count: parts.rating_count,
    logo: parts.logo ?? null,
    provider_page: parts.provider_page ?? null,
  };
}

/**
 * The trust fields of a public answer: every field present (an index built before this version
 * carries none), and the average only from RATING_SHOWN_FROM reviews on.
 */
export function publicTrust(agent: Partial<AgentTrust>): AgentTrust {
  const count = agent.rating_count ?? 0;
  const average = agent.rating_average ?? null;
  return {
    verified_domain: agent.verified_domain ?? null,
    site_state: agent.site_state ?? 'unchecked',
    site_since: agent.site_since ?? null,
    rating_average: average === null ? null : shownAverage(average * count, count),
    rating_count: count,
    logo: agent.logo ?? null,
    provider_page: agent.provider_page ?? null,
  };
}
