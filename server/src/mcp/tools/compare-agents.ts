import { COMPARE_ROWS, rowDiffers } from '@agentry/domain/compare-rows';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { truncateText } from '@agentry/domain/seo';
import { z } from 'zod';
import {
  COMPARE_COUNT_MESSAGE,
  COMPARE_MAX,
  COMPARE_MIN,
  compareAgents,
} from '../../commands/employer/compare-agents';
import { withProfiles } from '../../commands/save-agent-profile';
import { presentAgents } from '../../presenters/agent';
import { ListedAgentSchema, presentListedAgent } from '../listed-agent';
import { agentId } from './agent-id';
import { defineTool } from './tool';

// compare_agents: the employer comparison (GET /api/compare and the /compare table) for
// assistants: the same command reads the agents, the same rows (domain's COMPARE_ROWS) set them
// side by side. Like the employer tool it is the employer plan's: listed and answered only for an
// employer API key of an active employer (mcp/caller.ts, domain/src/paid-boundary.ts).

/** A cell of the text rendering at most (descriptions are whole in the structured content). */
const TEXT_CELL_MAX = 120;

const RowSchema = z.object({
  key: z.enum(COMPARE_ROWS.map((row) => row.key) as [string, ...string[]]),
  label: z.string(),
  values: z.array(z.string()).describe('One value per agent, in the order of agents'),
  differs: z.boolean().describe('Whether the agents differ on this row'),
});

export const compareAgentsTool = defineTool({
  name: 'compare_agents',
  title: 'Compare AI agents',
  paid: true,
  description: `Sets ${COMPARE_MIN} to ${COMPARE_MAX} agents of the ${PRODUCT_NAME} directory side by side, by their ids (as search_agents answers them), in the order given: category, role, provider, cost, pricing tier, description and website, then the facts of their structured profiles (pricing, free trial, deployment, integrations, languages, data residency, certifications claimed, API, MCP server, tasks, last confirmed; "Not stated" where the provider said nothing), each row saying whether the agents differ on it, and each agent with its page URL on this site.`,
  input: {
    ids: z
      .array(agentId('each id'), { error: COMPARE_COUNT_MESSAGE })
      .min(COMPARE_MIN, COMPARE_COUNT_MESSAGE)
      .max(COMPARE_MAX, COMPARE_COUNT_MESSAGE)
      .refine((ids) => new Set(ids).size === ids.length, COMPARE_COUNT_MESSAGE)
      .describe(`${COMPARE_MIN} to ${COMPARE_MAX} different agent ids`),
  },
  output: {
    agents: z.array(ListedAgentSchema),
    rows: z.array(RowSchema),
  },
  async run({ ids }, { store, origin, analytics, caller }) {
    // Answers the agents in the order asked, or refuses naming every id that is not listed.
    const found = await withProfiles(
      { store },
      { agents: presentAgents(await compareAgents({ store }, { ids })) },
    );
    // Provider analytics: each agent put side by side counts as 'compared', once per employer and
    // day, as on the site. Only key holders reach this tool.
    analytics?.countFor(caller.audience, 'compared', ids);
    const agents = found.map((agent) => presentListedAgent(agent, origin));
    const rows = COMPARE_ROWS.map((row) => ({
      key: row.key,
      label: row.label,
      values: found.map(row.text),
      differs: rowDiffers(row, found),
    }));
    const text = [
      `Comparing ${agents.map((agent) => `${agent.name} [id ${agent.id}]`).join(', ')}:`,
      ...rows.map(
        (row) =>
          `${row.label}${row.differs ? ' (differs)' : ''}: ${row.values.map((value) => truncateText(value, TEXT_CELL_MAX)).join(' | ')}`,
      ),
      `Pages: ${agents.map((agent) => agent.page_url).join(' | ')}`,
    ].join('\n');
    return { structured: { agents, rows }, text };
  },
});
