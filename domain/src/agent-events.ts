// Provider analytics (docs/employer-tools.md): what is counted of an agent, written once for the
// store, the server's counters and the provider dashboard's table.

/** Shown in search results, page opened, clicked through to its site, compared, contacted. */
export const AGENT_EVENT_KINDS = ['appeared', 'opened', 'clicked', 'compared', 'contacted'] as const;
export type AgentEventKind = (typeof AGENT_EVENT_KINDS)[number];
export type AgentEventCounts = Record<AgentEventKind, number>;

/** Weeks one request for a provider's analytics may ask for: 12 by default, a year at most. */
export const ANALYTICS_WEEKS = { default: 12, max: 52 } as const;
