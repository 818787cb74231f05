import type { SiteState } from '@agentry/domain/site-check';
import { apiRequest } from '../../../lib/api/api-client';

export interface SiteCheck {
  state: SiteState;
  since: string | null;
  checked_at: string | null;
}

/** GET /api/agents/:id/site-check: what the link checker last found of the agent's website. */
export function getSiteCheck(id: string, signal?: AbortSignal): Promise<SiteCheck> {
  return apiRequest<SiteCheck>(`/api/agents/${encodeURIComponent(id)}/site-check`, { signal });
}
