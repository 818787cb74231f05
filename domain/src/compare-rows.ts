import { normalizeAddress } from './address';
import type { PublicAgent } from './agent';
import { type AgentProfile, EMPTY_PROFILE, NOT_STATED } from './agent-profile';
import { decodeEntities } from './html-entities';
import { PROFILE_FACTS, type ProfileFactKey } from './profile-facts';
import { statedText } from './stated';

// The rows of a comparison: what each says about an agent, as people read it. Rows whose values
// are not all the same are marked, so differences stand out. Written once for the employer's
// comparison table and its CSV export (client) and the MCP server's compare_agents tool
// (server/src/mcp). After the spec's fields come the structured profile's facts (issue 28); a
// fact the provider did not state reads "Not stated", so gaps show instead of hiding. A cost that
// states nothing ("Unknown", "N/A") reads "Not stated" too: the same word as every other gap (the
// cards leave it out, issue 25). One row per fact: the pricing tier, read from the cost, was a
// second row for the cost ("Pricing tier: Unknown" beside it, newcomer pass, session 11); it stays
// a search filter.

export type CompareRowKey =
  | 'category'
  | 'role'
  | 'provider'
  | 'cost'
  | 'description'
  | 'link'
  | ProfileFactKey;

/** An agent as compared: its public fields and, when the answer carries it, its profile. */
export type ComparedAgent = PublicAgent & { profile?: AgentProfile };

export interface CompareRow {
  key: CompareRowKey;
  label: string;
  text: (agent: ComparedAgent) => string;
}

export const COMPARE_ROWS: readonly CompareRow[] = [
  { key: 'category', label: 'Category', text: (agent) => decodeEntities(agent.category) },
  { key: 'role', label: 'Role', text: (agent) => decodeEntities(agent.role) },
  { key: 'provider', label: 'Provider', text: (agent) => decodeEntities(agent.provider) },
  { key: 'cost', label: 'Cost', text: (agent) => statedText(agent.cost) ?? NOT_STATED },
  { key: 'description', label: 'Description', text: (agent) => decodeEntities(agent.description) },
  { key: 'link', label: 'Link', text: (agent) => normalizeAddress(agent.address) },
  ...PROFILE_FACTS.map(
    (fact): CompareRow => ({
      key: fact.key,
      label: fact.label,
      text: (agent) => fact.text(agent.profile ?? EMPTY_PROFILE),
    }),
  ),
];

/** Values are the same when they read the same: case and runs of spaces aside. */
const comparable = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether the agents differ on this row (never for a single agent). */
export function rowDiffers(row: CompareRow, agents: readonly ComparedAgent[]): boolean {
  return new Set(agents.map((agent) => comparable(row.text(agent)))).size > 1;
}
