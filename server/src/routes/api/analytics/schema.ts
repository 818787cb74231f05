import { z } from 'zod';
import { ANALYTICS_WEEKS } from '../../../analytics/provider-analytics';
import { wholeNumber } from '../../../http/pagination';
import { AgentIdParams } from '../catalog/schema';

/** GET /api/users/analytics?weeks=12 */
export const AnalyticsQuery = z.object({
  weeks: wholeNumber(1, ANALYTICS_WEEKS.max, ANALYTICS_WEEKS.default),
});

/**
 * POST /api/events: what the browser reports itself. Only clicks through to an agent's site; the
 * other kinds are counted by the server where they happen.
 */
export const EventBody = z.object({ type: z.literal('clicked'), agent_id: AgentIdParams.shape.id });
