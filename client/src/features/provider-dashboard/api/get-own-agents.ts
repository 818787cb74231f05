import type { AgentField, PublicAgent } from '@agentry/domain/agent';
import { apiRequest } from '../../../lib/api/api-client';

/** A provider's view of their own agent: the public fields plus the e-mail and the staff's status. */
export interface OwnAgent extends PublicAgent {
  email: string | null;
  status: string | null;
}

export type OwnAgentFields = Record<AgentField, string>;

export interface OwnAgentsAnswer {
  success: boolean;
  agents: OwnAgent[];
  /** Agents registered under the account's e-mail that wait for it to be confirmed. */
  unverified_agents: number;
}

/** GET /api/users/agents → the signed-in provider's agents (removed ones left out), sorted. */
export function getOwnAgents(signal?: AbortSignal): Promise<OwnAgentsAnswer> {
  return apiRequest<OwnAgentsAnswer>('/api/users/agents', { signal });
}
