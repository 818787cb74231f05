import type { ProofMethod, VerificationStatus } from '@agentry/domain/domain-verification';
import { apiRequest } from '../../../lib/api/api-client';
import { sendWithCsrf } from '../../../lib/api/send-with-csrf';

// A provider's domains (issue 26): add one, publish its token, ask for a check, remove it; and a
// claim of a listing of a proven domain.

export interface Domain {
  id: string;
  domain: string;
  status: VerificationStatus;
  method: ProofMethod | null;
  token: string;
  verified_at: string | null;
  checked_at: string | null;
  lapsed_at: string | null;
  instructions: {
    dns: { name: string; type: 'TXT'; value: string };
    file: { url: string; content: string };
    meta: { url: string; tag: string };
  };
}

export interface Finding {
  method: ProofMethod;
  found: boolean;
  detail: string;
}

export async function getDomains(signal?: AbortSignal): Promise<{ domains: Domain[]; max: number }> {
  return apiRequest('/api/users/domains', { signal });
}

export async function addDomain(domain: string): Promise<Domain> {
  return (await sendWithCsrf<{ domain: Domain }>('/api/users/domains', { method: 'POST', body: { domain } }))
    .domain;
}

export function checkDomain(id: string): Promise<{ domain: Domain; findings: Finding[] }> {
  return sendWithCsrf(`/api/users/domains/${encodeURIComponent(id)}/check`, { method: 'POST' });
}

export async function removeDomain(id: string): Promise<void> {
  await sendWithCsrf(`/api/users/domains/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function claimListing(agentId: string): Promise<{ success: true; domain: string }> {
  return sendWithCsrf(`/api/agents/${encodeURIComponent(agentId)}/claim`, { method: 'POST' });
}

/** Whether the signed-in account owns the agent (the reviews' access answer says so). */
export async function ownsAgent(agentId: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiRequest<{ is_owner: boolean }>(
    `/api/agents/${encodeURIComponent(agentId)}/reviews/mine`,
    {
      signal,
    },
  );
  return answer.is_owner;
}
