import type { Success } from '@agentry/domain/contract/shapes';
import type {
  Domain,
  DomainAnswer,
  DomainChecked,
  DomainsAnswer,
  ListingClaimed,
  ProofFinding,
  ReviewAccess,
} from '@agentry/domain/contract/trust';
import { apiRequest } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// A provider's domains (issue 26): add one, publish its token, ask for a check, remove it; and a
// claim of a listing of a proven domain. The answers are the contract's (domain/src/contract/trust.ts).

export type { Domain, ProofFinding };

export async function getDomains(signal?: AbortSignal): Promise<DomainsAnswer> {
  return apiRequest<DomainsAnswer>('/api/users/domains', { signal });
}

export async function addDomain(domain: string): Promise<Domain> {
  return (await sendWithCsrf<DomainAnswer>('/api/users/domains', { method: 'POST', body: { domain } }))
    .domain;
}

export function checkDomain(id: string): Promise<DomainChecked> {
  return sendWithCsrf<DomainChecked>(`/api/users/domains/${encodeURIComponent(id)}/check`, {
    method: 'POST',
  });
}

export async function removeDomain(id: string): Promise<void> {
  await sendWithCsrf<Success>(`/api/users/domains/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function claimListing(agentId: string): Promise<ListingClaimed> {
  return sendWithCsrf<ListingClaimed>(`/api/agents/${encodeURIComponent(agentId)}/claim`, { method: 'POST' });
}

/** Whether the signed-in account owns the agent (the reviews' access answer says so). */
export async function ownsAgent(agentId: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiRequest<ReviewAccess>(`/api/agents/${encodeURIComponent(agentId)}/reviews/mine`, {
    signal,
  });
  return answer.is_owner;
}
