import type { AgentField } from '@agentry/domain/agent';
import type { OwnAgentsAnswer } from '@agentry/domain/contract/accounts';
import { apiRequest } from '../../../lib/api/api-client';

export type { OwnAgentsAnswer } from '@agentry/domain/contract/accounts';
/** A provider's view of their own agent: the public fields plus the e-mail and the staff's status. */
export type { OwnAgent } from '@agentry/domain/contract/agents';

/** What the edit form sends: every field of the agent. */
export type OwnAgentFields = Record<AgentField, string>;

/** GET /api/users/agents → the signed-in provider's agents (removed ones left out), sorted. */
export function getOwnAgents(signal?: AbortSignal): Promise<OwnAgentsAnswer> {
  return apiRequest<OwnAgentsAnswer>('/api/users/agents', { signal });
}
