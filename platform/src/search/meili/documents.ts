import type { Pricing, PublicAgent } from '@agentry/domain/agent';
import type { AgentTrust } from '@agentry/domain/agent-trust';
import {
  PROFILE_FACET_FIELDS,
  type ProfileSearchFacts,
  STARTING_PRICE_FIELD,
} from '@agentry/domain/profile-facets';
import type { SiteState } from '@agentry/domain/site-check';
import type { SearchDocument } from '../port';

// What the index stores per agent, and the checks Meilisearch would otherwise fail a whole batch on.

/** Meilisearch document ids: letters, digits, - and _, at most 511 bytes (ASCII, so characters). */
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,511}$/;

export const isValidDocumentId = (id: unknown): id is string =>
  typeof id === 'string' && DOCUMENT_ID.test(id);

/**
 * The stored form: exactly the public fields (an Agent passed by mistake must not leak its email or
 * owner into a public index). A null price_monthly is left out rather than stored as null, because
 * Meilisearch documents "a document without the sort field goes last", for asc and desc alike:
 * unpriced agents then sort last, as the port asks.
 */
export type StoredDocument = Omit<PublicAgent, 'price_monthly'> & {
  price_monthly?: number;
  created_at?: string;
} & StoredFacts;

/**
 * The profile's facts (domain/profile-facets.ts) as stored: a list only when it holds something,
 * free_trial and the starting price only when stated. Meilisearch counts each value of an array
 * in a facet and matches `integrations = "Slack"` when any value is Slack; a document without the
 * field counts under no value and fails every filter on it ("not stated" is no value), and a
 * missing starting price is outside every range, as in the embedded engine.
 */
type StoredFacts = Partial<Omit<ProfileSearchFacts, 'free_trial' | 'starting_price_monthly'>> & {
  free_trial?: boolean;
  starting_price_monthly?: number;
};

const LIST_FACTS = PROFILE_FACET_FIELDS.filter(
  (field): field is Exclude<(typeof PROFILE_FACET_FIELDS)[number], 'free_trial'> => field !== 'free_trial',
);

function storedFacts(document: SearchDocument): StoredFacts {
  const facts: StoredFacts = {};
  for (const field of LIST_FACTS) {
    const values = document[field];
    if (Array.isArray(values) && values.length > 0) Object.assign(facts, { [field]: [...values] });
  }
  if (typeof document.free_trial === 'boolean') facts.free_trial = document.free_trial;
  const price = document[STARTING_PRICE_FIELD];
  if (typeof price === 'number' && Number.isFinite(price)) facts.starting_price_monthly = price;
  return facts;
}

/** The facts a stored document carries, as the port's document has them. */
function factsOf(stored: Record<string, unknown>): Partial<ProfileSearchFacts> {
  const facts: Partial<ProfileSearchFacts> = {};
  for (const field of LIST_FACTS) {
    const values = stored[field];
    if (Array.isArray(values))
      Object.assign(facts, { [field]: values.filter((value) => typeof value === 'string') });
  }
  if (typeof stored.free_trial === 'boolean') facts.free_trial = stored.free_trial;
  const price = stored[STARTING_PRICE_FIELD];
  if (typeof price === 'number') facts.starting_price_monthly = price;
  return facts;
}

/** Why Meilisearch would refuse this document, or null when it is fine. */
export function invalidDocument(document: SearchDocument | null | undefined): string | null {
  if (!document || typeof document.id !== 'string' || document.id === '') return 'document has no id';
  if (!isValidDocumentId(document.id))
    return 'id may hold only letters, digits, - and _ (at most 511), as Meilisearch requires';
  if (typeof document.name !== 'string' || typeof document.description !== 'string')
    return 'document lacks name or description';
  return null;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

export function toStoredDocument(document: SearchDocument): StoredDocument {
  const stored: StoredDocument = {
    id: document.id,
    name: document.name,
    provider: text(document.provider),
    category: text(document.category),
    role: text(document.role),
    description: document.description,
    cost: text(document.cost),
    address: text(document.address),
    pricing: document.pricing ?? 'unknown',
  };
  if (typeof document.price_monthly === 'number' && Number.isFinite(document.price_monthly))
    stored.price_monthly = document.price_monthly;
  // ISO text sorts in time order; a document without it goes last in the newest-first order.
  if (typeof document.created_at === 'string') stored.created_at = document.created_at;
  // Trust signals (domain/agent-trust.ts), when the agent carried them.
  if (document.verified_domain !== undefined) stored.verified_domain = document.verified_domain;
  if (document.site_state !== undefined) stored.site_state = document.site_state;
  if (document.site_since !== undefined) stored.site_since = document.site_since;
  if (document.rating_average !== undefined) stored.rating_average = document.rating_average;
  if (document.rating_count !== undefined) stored.rating_count = document.rating_count;
  if (document.logo !== undefined) stored.logo = document.logo;
  if (document.provider_page !== undefined) stored.provider_page = document.provider_page;
  return { ...stored, ...storedFacts(document) };
}

const SITE_STATES = new Set<SiteState>(['up', 'down', 'unknown', 'unchecked']);

/** The trust signals a stored document carries (none for one indexed before them). */
function storedTrust(stored: Record<string, unknown>): Partial<AgentTrust> {
  const trust: Partial<AgentTrust> = {};
  if (typeof stored.verified_domain === 'string' || stored.verified_domain === null)
    trust.verified_domain = stored.verified_domain;
  if (SITE_STATES.has(stored.site_state as SiteState)) trust.site_state = stored.site_state as SiteState;
  if (typeof stored.site_since === 'string' || stored.site_since === null)
    trust.site_since = stored.site_since;
  if (typeof stored.rating_average === 'number' || stored.rating_average === null)
    trust.rating_average = stored.rating_average;
  if (typeof stored.rating_count === 'number') trust.rating_count = stored.rating_count;
  if (typeof stored.logo === 'string' || stored.logo === null) trust.logo = stored.logo;
  if (typeof stored.provider_page === 'string' || stored.provider_page === null)
    trust.provider_page = stored.provider_page;
  return trust;
}

/** A stored document (or a hit, which also carries _formatted and other _ fields) as the port's document. */
export function fromStoredDocument(stored: Record<string, unknown>): SearchDocument {
  const price = stored.price_monthly;
  return {
    id: text(stored.id),
    name: text(stored.name),
    provider: text(stored.provider),
    category: text(stored.category),
    role: text(stored.role),
    description: text(stored.description),
    cost: text(stored.cost),
    address: text(stored.address),
    pricing: (typeof stored.pricing === 'string' ? stored.pricing : 'unknown') as Pricing,
    price_monthly: typeof price === 'number' ? price : null,
    ...storedTrust(stored),
    ...factsOf(stored),
  };
}
