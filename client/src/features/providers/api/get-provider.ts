import type { ProviderPage } from '@agentry/domain/contract/providers';
import { providerPath } from '@agentry/domain/directory-reads';
import { apiRequest } from '../../../lib/api/api-client';
import { takeFirstRead } from '../../../lib/api/first-view';

export type { ProviderPage };

/**
 * GET /api/providers/{slug}: a subscribed provider's page with one page (24) of its agents from
 * `offset`, and how many there are in all; 404 for any other slug.
 */
export function getProvider(slug: string, offset: number, signal?: AbortSignal): Promise<ProviderPage> {
  return apiRequest<ProviderPage>(providerPath(slug, offset), { signal });
}

/** That answer when the page's HTML carried it (issue 25), else undefined. */
export const providerInPage = (slug: string, offset: number) =>
  takeFirstRead<ProviderPage>(providerPath(slug, offset));
