import {
  type AgentProfile,
  type BillingPeriod,
  CERTIFICATION_LABELS,
  type Certification,
  type Currency,
  DEPLOYMENT_LABELS,
  type Deployment,
  LANGUAGES,
  type LanguageCode,
} from './agent-profile';

// The structured profile's facts as search facets and filters (issue 28): what the search
// engines index of a profile, how a starting price becomes one comparable monthly figure, and how
// a facet value reads to people. Written once for the engines (platform's search port), the
// server's InstantSearch and MCP adapters and the employer search screen. Only what a provider
// stated is indexed: an agent that says nothing of a fact has no value for it, so it is counted
// under no value and no filter on that fact keeps it ("not stated" is never a value).

/** Facets of the profile, each a list of values per agent (free_trial: one value, or none). */
export const PROFILE_FACET_FIELDS = [
  'integrations',
  'languages',
  'deployment',
  'certifications',
  'free_trial',
] as const;
export type ProfileFacetField = (typeof PROFILE_FACET_FIELDS)[number];

/** The normalised starting price, in US dollars per month: a numeric filter (a range). */
export const STARTING_PRICE_FIELD = 'starting_price_monthly';

/** What a search document carries of a profile. */
export interface ProfileSearchFacts {
  integrations: string[];
  languages: LanguageCode[];
  deployment: Deployment[];
  certifications: Certification[];
  free_trial: boolean | null;
  /** US dollars per month, null when the profile states no price that has a monthly figure. */
  starting_price_monthly: number | null;
}

/**
 * Reference rates, US dollars for one unit: fixed in code (set 2026-11, rounded), so that a range
 * compares prices stated in different currencies. They are approximations; the comparison and the
 * agent page show the price as the provider stated it. Change them here, and re-index.
 */
export const USD_PER_UNIT: Readonly<Record<Currency, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  CAD: 0.72,
  AUD: 0.65,
  JPY: 0.0067,
  INR: 0.012,
};

/**
 * How many months one billing period's price covers; null for a price that has no monthly figure
 * (a one-time purchase). A per-user price counts for one user.
 */
export const MONTHS_PER_PERIOD: Readonly<Record<BillingPeriod, number | null>> = {
  month: 1,
  year: 12,
  user_month: 1,
  one_time: null,
};

/**
 * The starting price in US dollars per month, to the cent: the stated price converted at the
 * reference rate and divided by the months its period covers (a yearly 120 EUR is 10.80). A free
 * pricing model without a price starts at 0. Null when nothing comparable is stated.
 */
export function monthlyStartingPrice(profile: AgentProfile): number | null {
  const { starting_price: price, currency, billing_period: period } = profile;
  if (price === null || currency === null || period === null)
    return profile.pricing_model === 'free' ? 0 : null;
  const months = MONTHS_PER_PERIOD[period];
  if (months === null) return null;
  return Math.round(((price * USD_PER_UNIT[currency]) / months) * 100) / 100;
}

/** The profile as a search document carries it. */
export function profileSearchFacts(profile: AgentProfile): ProfileSearchFacts {
  return {
    integrations: [...profile.integrations],
    languages: [...profile.languages],
    deployment: [...profile.deployment],
    certifications: [...profile.certifications],
    free_trial: profile.free_trial,
    starting_price_monthly: monthlyStartingPrice(profile),
  };
}

/** A fact's values as facet values (text): a list as it is, a yes/no as "true" or "false". */
export function profileFacetValues(
  facts: Partial<ProfileSearchFacts> | undefined,
  field: ProfileFacetField,
): readonly string[] {
  if (!facts) return [];
  if (field === 'free_trial') {
    const trial = facts.free_trial;
    return trial === true ? ['true'] : trial === false ? ['false'] : [];
  }
  const values = facts[field];
  return Array.isArray(values) ? values : [];
}

/** Titles of the facet panels. */
export const PROFILE_FACET_TITLES: Readonly<Record<ProfileFacetField, string>> = {
  integrations: 'Integration',
  languages: 'Language',
  deployment: 'Deployment',
  certifications: 'Certification (claimed)',
  free_trial: 'Free trial',
};

/** A facet value as people read it (language codes as names, choices by their labels). */
export function profileFacetLabel(field: ProfileFacetField, value: string): string {
  switch (field) {
    case 'languages':
      return LANGUAGES[value as LanguageCode] ?? value;
    case 'deployment':
      return DEPLOYMENT_LABELS[value as Deployment] ?? value;
    case 'certifications':
      return CERTIFICATION_LABELS[value as Certification] ?? value;
    case 'free_trial':
      return value === 'true' ? 'Offers a free trial' : value === 'false' ? 'No free trial' : value;
    default:
      return value;
  }
}
