import { createHash } from 'node:crypto';
import type { Agent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/entities';
import type { SearchDocument } from './port';

/** The search document for an agent: public fields, entity-decoded text. */
export function toSearchDocument(agent: Agent): SearchDocument {
  return {
    id: agent.id,
    name: decodeEntities(agent.name),
    provider: decodeEntities(agent.provider),
    category: decodeEntities(agent.category),
    role: decodeEntities(agent.role),
    description: decodeEntities(agent.description),
    cost: agent.cost,
    address: agent.address,
    pricing: agent.pricing,
    price_monthly: agent.price_monthly,
  };
}

const FINGERPRINT_FIELDS = [
  'name',
  'provider',
  'category',
  'role',
  'description',
  'cost',
  'address',
  'pricing',
  'price_monthly',
] as const;

/** A short digest of what a document shows, to compare the index against the store. */
export function fingerprint(document: SearchDocument): string {
  const hash = createHash('sha1');
  for (const field of FINGERPRINT_FIELDS) hash.update(`${document[field] ?? ''}\u0000`);
  return hash.digest('base64url').slice(0, 16);
}
