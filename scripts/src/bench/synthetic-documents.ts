import type { Agent } from '@agentry/domain/agent';
import { normalizePricing } from '@agentry/domain/pricing';
import { toSearchDocument } from '@agentry/platform/search/document';
import type { SearchDocument } from '@agentry/platform/search/port';

/**
 * Rows of agent fields as the search index holds them, for the in-process engine benches
 * (search-cost, same-results): ids 1…n, pricing read from the cost, and spread-out listing times
 * so that the "newest" order is not the insertion order.
 */
export function asSearchDocuments(rows: Array<Record<string, string>>): SearchDocument[] {
  return rows.map((row, i) => {
    const agent = {
      ...row,
      id: String(i + 1),
      ...normalizePricing(row.cost),
      email: null,
      status: null,
      removed: false,
      owner_id: null,
      created_at: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 100_000) * 60_000).toISOString(),
      updated_at: '',
    } as unknown as Agent;
    return toSearchDocument(agent);
  });
}
