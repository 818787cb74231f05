import type { Pricing, PublicAgent } from '@agentry/domain/agent';
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
};

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
  return stored;
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
  };
}
