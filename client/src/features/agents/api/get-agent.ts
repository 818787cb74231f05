import type { AgentPage } from '@agentry/domain/contract/agents';
import { apiRequest } from '../../../lib/api/api-client';
import { takeFirstRead } from '../../../lib/api/first-view';

/**
 * The agent page's answer (the contract's AgentPage): the agent, its structured profile (issue 28),
 * its provider's page when it has one (issue 25), and whether the provider usually replies within
 * a day (issue 28).
 */
export type { AgentPage };

const pagePath = (id: string) => `/api/agents/${encodeURIComponent(id)}?view=page`;

/** GET /api/agents/:id → the agent; an ApiError with status 404 when it is not listed. */
export function getAgent(id: string, signal?: AbortSignal): Promise<AgentPage> {
  return apiRequest<AgentPage>(pagePath(id), { signal });
}

/** The agent when the page's HTML carried it (issue 25), else undefined. */
export function agentInPage(id: string): AgentPage | undefined {
  const agent = takeFirstRead<AgentPage>(pagePath(id));
  // The server counts an opening for the provider's analytics only when the page reads the agent
  // (not its HTML, which crawlers read too): a HEAD of the same address, which sends no body.
  if (agent && typeof window !== 'undefined') {
    void fetch(pagePath(id), { method: 'HEAD', credentials: 'include' }).catch(() => undefined);
  }
  return agent;
}
