import { apiRequest } from '../../../lib/api/api-client';

export const EVENT_KINDS = ['appeared', 'opened', 'clicked', 'compared', 'contacted'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export type EventCounts = Record<EventKind, number>;
export type WeekCounts = { week: string } & EventCounts;

export interface AgentAnalytics {
  id: string;
  name: string;
  totals: EventCounts;
  /** One entry per week of `weeks`, in the same order (zeros for a quiet week). */
  weekly: WeekCounts[];
}

export interface ProviderAnalyticsAnswer {
  success: boolean;
  /** Mondays (YYYY-MM-DD), oldest first. */
  weeks: string[];
  agents: AgentAnalytics[];
}

export const ANALYTICS_WEEKS = 12;

/** GET /api/users/analytics → the signed-in provider's agents, counted per week. */
export function getProviderAnalytics(
  signal?: AbortSignal,
  weeks = ANALYTICS_WEEKS,
): Promise<ProviderAnalyticsAnswer> {
  return apiRequest<ProviderAnalyticsAnswer>(`/api/users/analytics?weeks=${weeks}`, { signal });
}
