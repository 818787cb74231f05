import type { PublicAgent } from '@agentry/domain/agent';
import { PROVIDER_PAGE_SIZE } from '@agentry/domain/provider-page';
import { type AddressPages, useAddressPages } from '../../../hooks/use-address-pages';
import type { AsyncState } from '../../../hooks/use-async';
import { getProvider, type ProviderPage, providerInPage } from '../api/get-provider';

// A provider page from the page its address names (?page=N, issue 25), then the next pages
// appended in place by "Show more" (hooks/use-address-pages.ts, as a directory category's).

export interface ProviderPages extends Omit<AddressPages<ProviderPage, PublicAgent>, 'page' | 'items'> {
  /** The provider and the page its address names. */
  page: AsyncState<ProviderPage>;
  /** Every agent shown: the address's page, then those "Show more" appended, each once. */
  agents: PublicAgent[];
}

const agentsOf = (page: ProviderPage) => page.agents;
const totalOf = (page: ProviderPage) => page.total;
const agentId = (agent: PublicAgent) => agent.id;

export function useProviderPages(slug: string, pageNumber: number): ProviderPages {
  const { page, items, ...rest } = useAddressPages<ProviderPage, PublicAgent>({
    list: slug,
    pageNumber,
    pageSize: PROVIDER_PAGE_SIZE,
    load: (offset, signal) => getProvider(slug, offset, signal),
    inPage: (offset) => providerInPage(slug, offset),
    itemsOf: agentsOf,
    totalOf,
    idOf: agentId,
  });
  return { page, agents: items, ...rest };
}
