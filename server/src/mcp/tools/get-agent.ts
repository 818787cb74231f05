import { PRICING_LABELS } from '@agentry/domain/pricing';
import { z } from 'zod';
import { agentLine, ListedAgentSchema, presentListedAgent } from '../listed-agent';
import { agentId } from './agent-id';
import { defineTool, ToolError } from './tool';

// get_agent: one listed agent, as GET /api/agents/:id answers it, with the agents that
// GET /api/agents/:id/similar answers beside it. A removed agent is as unknown as a made-up id.

/** As many similar agents as the agent page shows (the similar route's default). */
export const SIMILAR_COUNT = 6;

export const getAgentTool = defineTool({
  name: 'get_agent',
  title: 'Get an AI agent',
  description:
    'Everything public about one agent of the Agentry directory, by its id (as search_agents answers it): name, provider, category, role, full description, cost and pricing tier, website, and its page URL on this site. ' +
    `Also answers up to ${SIMILAR_COUNT} similar agents (the same job first), as alternatives.`,
  input: { id: agentId('id').describe('The agent id, as search_agents answers it') },
  output: {
    agent: ListedAgentSchema,
    similar: z.array(ListedAgentSchema).describe('Agents like this one, most alike first'),
  },
  async run({ id }, { store, search, origin }) {
    const found = await store.agents.get(id);
    if (!found || found.removed) {
      throw new ToolError(
        `No agent with id "${id}" is listed. Use search_agents to find agents and their ids.`,
      );
    }
    const { response } = await search.search({ query: '', similarTo: found.id, hitsPerPage: SIMILAR_COUNT });
    const agent = presentListedAgent(found, origin);
    const similar = response.hits.map((hit) => presentListedAgent(hit.document, origin));
    const text = [
      agentLine(agent),
      `Pricing: ${PRICING_LABELS[agent.pricing]}${agent.price_monthly === null ? '' : ` ($${agent.price_monthly}/month)`}. Website: ${agent.address}`,
      agent.description,
      ...(similar.length > 0 ? ['Similar agents:', ...similar.map((other) => `- ${agentLine(other)}`)] : []),
    ].join('\n');
    return { structured: { agent, similar }, text };
  },
});
