import type { PublicAgent } from '@agentry/domain/agent';
import { apiRequest } from '../../../lib/api/api-client';

export interface ProviderPage {
  name: string;
  slug: string;
  website: string | null;
  agents: PublicAgent[];
}

/** GET /api/providers/{slug}: a subscribed provider's page; 404 for any other slug. */
export function getProvider(slug: string, signal?: AbortSignal): Promise<ProviderPage> {
  return apiRequest<ProviderPage>(`/api/providers/${encodeURIComponent(slug)}`, { signal });
}
