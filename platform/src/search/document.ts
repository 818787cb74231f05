import { createHash } from 'node:crypto';
import { type Agent, PUBLIC_AGENT_FIELDS, pickPublicFields } from '@agentry/domain/agent';
import type { AgentProfile } from '@agentry/domain/agent-profile';
import { decodeEntities } from '@agentry/domain/html-entities';
import {
  PROFILE_FACET_FIELDS,
  type ProfileSearchFacts,
  profileFacetValues,
  profileSearchFacts,
  STARTING_PRICE_FIELD,
} from '@agentry/domain/profile-facets';
import { isProfileFacet } from '@agentry/domain/search-fields';
import { type FacetField, HIGHLIGHT_FIELDS, type SearchDocument } from './port';

/**
 * The search document for an agent: its public fields, with the text that the engines match and
 * highlight entity-decoded (cost and address are kept as typed), and the facts of its structured
 * profile when it has one (domain/profile-facets.ts: what search filters and counts on).
 */
export function toSearchDocument(agent: Agent, profile?: AgentProfile | null): SearchDocument {
  const document: SearchDocument = pickPublicFields(agent);
  for (const field of HIGHLIGHT_FIELDS) document[field] = decodeEntities(agent[field]);
  // Only for the newest-first order; hits are presented with the public fields.
  document.created_at = agent.created_at;
  if (profile) Object.assign(document, statedFacts(profile));
  return document;
}

/**
 * `String(toSearchDocument(agent)[field])` for a public field, without making the document: the
 * store fallback floors a thousand candidates on five of them and shows twenty (issue 24).
 */
export function documentText<F extends (typeof PUBLIC_AGENT_FIELDS)[number]>(
  agent: Pick<Agent, F>,
  field: F,
): string {
  return String(
    (HIGHLIGHT_FIELDS as readonly string[]).includes(field)
      ? decodeEntities(agent[field] as string)
      : agent[field],
  );
}

/**
 * The facts the profile states, and nothing for the rest: a fact not stated is absent from the
 * document (the engines read absent and empty alike), so that the index of a catalog of agents
 * without profiles holds nothing more for them (the embedded engine keeps every document's text).
 */
function statedFacts(profile: AgentProfile): Partial<ProfileSearchFacts> {
  const facts = profileSearchFacts(profile);
  const stated: Partial<ProfileSearchFacts> = {};
  for (const [field, value] of Object.entries(facts) as Array<[keyof ProfileSearchFacts, unknown]>) {
    if (value === null || (Array.isArray(value) && value.length === 0)) continue;
    Object.assign(stated, { [field]: value });
  }
  return stated;
}

/** A document's values of a facet: one for a spec field, any number (none: not stated) for a profile fact. */
export function facetValuesOf(document: SearchDocument, field: FacetField): readonly string[] {
  if (isProfileFacet(field)) return profileFacetValues(document, field);
  return [String(document[field])];
}

/** What a document shows (all but its id). */
const FINGERPRINT_FIELDS = PUBLIC_AGENT_FIELDS.filter((field) => field !== 'id');

/**
 * A short digest of what a document shows and filters on, to compare the index against the store:
 * a profile saved while the index did not follow shows as a stale document.
 */
export function fingerprint(document: SearchDocument): string {
  const hash = createHash('sha1');
  for (const field of FINGERPRINT_FIELDS) hash.update(`${document[field] ?? ''}\u0000`);
  for (const field of PROFILE_FACET_FIELDS)
    hash.update(`${profileFacetValues(document, field).join('\u0001')}\u0000`);
  hash.update(`${document[STARTING_PRICE_FIELD] ?? ''}\u0000`);
  return hash.digest('base64url').slice(0, 16);
}
