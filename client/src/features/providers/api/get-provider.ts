import type { ProviderPage } from '@agentry/domain/contract/providers';
import { apiRequest } from '../../../lib/api/api-client';

export type { ProviderPage };

/** GET /api/providers/{slug}: a subscribed provider's page; 404 for any other slug. */
export function getProvider(slug: string, signal?: AbortSignal): Promise<ProviderPage> {
  return apiRequest<ProviderPage>(`/api/providers/${encodeURIComponent(slug)}`, { signal });
}
