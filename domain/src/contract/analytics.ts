import { z } from 'zod';
import { AGENT_EVENT_KINDS, ANALYTICS_WEEKS } from '../agent-events';
import { fieldsShape, recordId, wholeNumber } from './shapes';

// Provider analytics (server/src/routes/api/analytics/): the click the browser reports, and a
// provider's counts per agent and week.

/** GET /api/users/analytics?weeks=12 */
export const AnalyticsQuery = z.object({
  weeks: wholeNumber(1, ANALYTICS_WEEKS.max, ANALYTICS_WEEKS.default),
});

/**
 * POST /api/events: what the browser reports itself. Only clicks through to an agent's site; the
 * other kinds are counted by the server where they happen.
 */
export const EventBody = z.object({ type: z.literal('clicked'), agent_id: recordId });
export type EventBody = z.infer<typeof EventBody>;

export const AgentEventCounts = z
  .strictObject(fieldsShape(AGENT_EVENT_KINDS, () => z.number().int().min(0)))
  .meta({
    description:
      'How often an agent appeared in search results, was opened, clicked through, compared and contacted.',
  });

export const AgentAnalytics = z.strictObject({
  id: z.string(),
  name: z.string(),
  totals: AgentEventCounts,
  /** One entry per week of `weeks`, in the same order (zeros for a quiet week). */
  weekly: z.array(AgentEventCounts.extend({ week: z.string() })),
});
export type AgentAnalytics = z.infer<typeof AgentAnalytics>;

export const ProviderAnalytics = z.strictObject({
  success: z.literal(true),
  /** Mondays (YYYY-MM-DD), oldest first. */
  weeks: z.array(z.string()),
  agents: z.array(AgentAnalytics),
});
export type ProviderAnalytics = z.infer<typeof ProviderAnalytics>;
