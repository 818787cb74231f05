import { createHash } from 'node:crypto';
import type { Agent } from '@agentry/domain/agent';
import { PUBLIC_AGENT_FIELDS, pickPublicFields } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/entities';
import { HIGHLIGHT_FIELDS, type SearchDocument } from './port';

/**
 * The search document for an agent: its public fields, with the text that the engines match and
 * highlight entity-decoded (cost and address are kept as typed).
 */
export function toSearchDocument(agent: Agent): SearchDocument {
  const document: SearchDocument = pickPublicFields(agent);
  for (const field of HIGHLIGHT_FIELDS) document[field] = decodeEntities(agent[field]);
  // Only for the newest-first order; hits are presented with the public fields.
  document.created_at = agent.created_at;
  return document;
}

/** What a document shows (all but its id). */
const FINGERPRINT_FIELDS = PUBLIC_AGENT_FIELDS.filter((field) => field !== 'id');

/** A short digest of what a document shows, to compare the index against the store. */
export function fingerprint(document: SearchDocument): string {
  const hash = createHash('sha1');
  for (const field of FINGERPRINT_FIELDS) hash.update(`${document[field] ?? ''}\u0000`);
  return hash.digest('base64url').slice(0, 16);
}
