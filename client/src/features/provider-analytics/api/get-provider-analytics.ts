import { AGENT_EVENT_KINDS, ANALYTICS_WEEKS } from '@agentry/domain/agent-events';
import type { AgentAnalytics, ProviderAnalytics } from '@agentry/domain/contract/analytics';
import { apiRequest } from '../../../lib/api/api-client';

export type {
  AgentEventCounts as EventCounts,
  AgentEventKind as EventKind,
} from '@agentry/domain/agent-events';
export type {
  AgentAnalytics,
  ProviderAnalytics as ProviderAnalyticsAnswer,
} from '@agentry/domain/contract/analytics';
/** One week of one agent's counts. */
export type WeekCounts = AgentAnalytics['weekly'][number];

/** The counts the table shows, in their order. */
export const EVENT_KINDS = AGENT_EVENT_KINDS;

/** GET /api/users/analytics → the signed-in provider's agents, counted per week. */
export function getProviderAnalytics(
  signal?: AbortSignal,
  weeks: number = ANALYTICS_WEEKS.default,
): Promise<ProviderAnalytics> {
  return apiRequest<ProviderAnalytics>(`/api/users/analytics?weeks=${weeks}`, { signal });
}
