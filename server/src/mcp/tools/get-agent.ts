import { PRICING_LABELS } from '@agentry/domain/pricing';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { REPLY_BADGE_TEXT } from '@agentry/domain/reply-time';
import { RATING_SHOWN_FROM } from '@agentry/domain/reviews';
import { z } from 'zod';
import { readAgentProfile } from '../../commands/save-agent-profile';
import { presentReview } from '../../presenters/review';
import { agentLine, ListedAgentSchema, presentListedAgent } from '../listed-agent';
import { AgentProfileSchema, profileLines } from '../profile-schema';
import { agentId } from './agent-id';
import { defineTool, ToolError } from './tool';

// get_agent: one listed agent, as GET /api/agents/:id answers it, with the agents that
// GET /api/agents/:id/similar answers beside it. A removed agent is as unknown as a made-up id.

/** As many similar agents as the agent page shows (the similar route's default). */
export const SIMILAR_COUNT = 6;
/** The newest reviews answered with the agent (GET /api/agents/{id}/reviews pages through all). */
export const REVIEWS_COUNT = 5;

const ReviewSchema = z.object({
  rating: z.number().describe('1 to 5'),
  body: z.string().describe('Plain text, as the employer wrote it'),
  organization: z.string().describe("The reviewing employer's organization"),
  created_at: z.string(),
  updated_at: z.string(),
  reply: z
    .object({ body: z.string(), at: z.string() })
    .nullable()
    .describe("The provider's public answer, given once"),
});

export const getAgentTool = defineTool({
  name: 'get_agent',
  title: 'Get an AI agent',
  description:
    `Everything public about one agent of the ${PRODUCT_NAME} directory, by its id (as search_agents answers it): name, provider, category, role, full description, cost and pricing tier, website, and its page URL on this site; its structured profile as the provider stated it (pricing model and starting price, free trial, deployment, integrations, languages, data residency, certifications claimed, API and MCP availability, tasks, last confirmed). ` +
    `Also answers up to ${SIMILAR_COUNT} similar agents (the same job first), as alternatives, and the ${REVIEWS_COUNT} newest reviews by employers who hired it (the average shows from ${RATING_SHOWN_FROM} reviews).`,
  input: { id: agentId('id').describe('The agent id, as search_agents answers it') },
  output: {
    agent: ListedAgentSchema.extend({
      replies_within_day: z
        .boolean()
        .describe(
          'True when the provider usually answers contact and demo requests within a day, from real replies (at least 5 employers); false when not or when too few asked',
        ),
    }),
    profile: AgentProfileSchema,
    similar: z.array(ListedAgentSchema).describe('Agents like this one, most alike first'),
    reviews: z
      .array(ReviewSchema)
      .describe(
        `The newest reviews by employers who hired it, at most ${REVIEWS_COUNT}; staff-hidden ones left out`,
      ),
  },
  async run({ id }, { store, search, origin, replyBadges }) {
    const found = await store.agents.get(id);
    if (!found || found.removed) {
      throw new ToolError(
        `No agent with id "${id}" is listed. Use search_agents to find agents and their ids.`,
      );
    }
    const { response } = await search.search({ query: '', similarTo: found.id, hitsPerPage: SIMILAR_COUNT });
    // "Usually replies within a day" (issue 28), as the agent page shows it.
    const repliesWithinDay = await replyBadges.of(found.owner_id);
    const agent = {
      // Its provider's page (issue 25) comes with it, as with every agent the store answers.
      ...presentListedAgent(found, origin),
      replies_within_day: repliesWithinDay,
    };
    const similar = response.hits.map((hit) => presentListedAgent(hit.document, origin));
    const reviews = (await store.reviews.listForAgent(found.id, { limit: REVIEWS_COUNT })).map((review) => {
      const { rating, body, organization, created_at, updated_at, reply } = presentReview(review);
      return { rating, body, organization, created_at, updated_at, reply };
    });
    const profile = await readAgentProfile({ store }, { agentId: found.id });
    const text = [
      agentLine(agent),
      `Pricing: ${PRICING_LABELS[agent.pricing]}${agent.price_monthly === null ? '' : ` ($${agent.price_monthly}/month)`}. Website: ${agent.address}`,
      agent.description,
      ...(agent.replies_within_day ? [`${REPLY_BADGE_TEXT}.`] : []),
      ...profileLines(profile),
      ...(reviews.length > 0
        ? [
            'Reviews:',
            ...reviews.map((review) => `- ${review.rating}/5, ${review.organization}: ${review.body}`),
          ]
        : []),
      ...(similar.length > 0 ? ['Similar agents:', ...similar.map((other) => `- ${agentLine(other)}`)] : []),
    ].join('\n');
    return { structured: { agent, profile, similar, reviews }, text };
  },
});
