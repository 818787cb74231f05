import type { ProviderPage } from '@agentry/domain/contract/providers';
import { providerPath } from '@agentry/domain/directory-reads';
import { apiRequest } from '../../../lib/api/api-client';
import { takeFirstRead } from '../../../lib/api/first-view';

export type { ProviderPage };

/** GET /api/providers/{slug}: a subscribed provider's page; 404 for any other slug. */
export function getProvider(slug: string, signal?: AbortSignal): Promise<ProviderPage> {
  return apiRequest<ProviderPage>(providerPath(slug), { signal });
}

/** The provider's page when the page's HTML carried it (issue 25), else undefined. */
export const providerInPage = (slug: string) => takeFirstRead<ProviderPage>(providerPath(slug));
