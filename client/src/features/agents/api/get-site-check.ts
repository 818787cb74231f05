import type { SiteCheck } from '@agentry/domain/contract/trust';
import { apiRequest } from '../../../lib/api/api-client';

/** GET /api/agents/:id/site-check: what the link checker last found of the agent's website. */
export function getSiteCheck(id: string, signal?: AbortSignal): Promise<SiteCheck> {
  return apiRequest<SiteCheck>(`/api/agents/${encodeURIComponent(id)}/site-check`, { signal });
}
