import { normalizeAddress } from './address';
import type { PublicAgent } from './agent';
import { decodeEntities } from './entities';
import { PRICING_LABELS } from './pricing';

// The rows of a comparison: what each says about an agent, as people read it. Rows whose values
// are not all the same are marked, so differences stand out. Written once for the employer's
// comparison table (client) and the MCP server's compare_agents tool (server/src/mcp).

export type CompareRowKey = 'category' | 'role' | 'provider' | 'cost' | 'pricing' | 'description' | 'link';

export interface CompareRow {
  key: CompareRowKey;
  label: string;
  text: (agent: PublicAgent) => string;
}

export const COMPARE_ROWS: readonly CompareRow[] = [
  { key: 'category', label: 'Category', text: (agent) => decodeEntities(agent.category) },
  { key: 'role', label: 'Role', text: (agent) => decodeEntities(agent.role) },
  { key: 'provider', label: 'Provider', text: (agent) => decodeEntities(agent.provider) },
  { key: 'cost', label: 'Cost', text: (agent) => decodeEntities(agent.cost) },
  { key: 'pricing', label: 'Pricing tier', text: (agent) => PRICING_LABELS[agent.pricing] },
  { key: 'description', label: 'Description', text: (agent) => decodeEntities(agent.description) },
  { key: 'link', label: 'Link', text: (agent) => normalizeAddress(agent.address) },
];

/** Values are the same when they read the same: case and runs of spaces aside. */
const comparable = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether the agents differ on this row (never for a single agent). */
export function rowDiffers(row: CompareRow, agents: readonly PublicAgent[]): boolean {
  return new Set(agents.map((agent) => comparable(row.text(agent)))).size > 1;
}
