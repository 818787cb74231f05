import {
  PROVIDER_PAGE_NUMBER_MAX,
  PROVIDER_PAGE_QUERY,
  PROVIDER_PAGE_SIZE,
  providerPageHref,
  providerPageNumber,
  providerPageOffset,
  providerPagePath,
} from './provider-page';

describe('providerPagePath (issue 25)', () => {
  const provider = { user_type: 'agent_provider', subscription_status: 'active', slug: 'fenwick-grove' };

  it('is the page of a subscribed provider with an address', () => {
    expect(providerPagePath(provider)).toBe('/providers/fenwick-grove');
  });

  it('is null without a plan, an address, a provider account or an owner', () => {
    expect(providerPagePath({ ...provider, subscription_status: 'inactive' })).toBeNull();
    expect(providerPagePath({ ...provider, slug: null })).toBeNull();
    expect(providerPagePath({ ...provider, user_type: 'employer' })).toBeNull();
    expect(providerPagePath(null)).toBeNull();
  });
});

describe('the pages of a provider page (issue 25)', () => {
  it('reads ?page= as a whole number from 1, anything else as the first page', () => {
    expect(providerPageNumber('2')).toBe(2);
    expect(providerPageNumber(String(PROVIDER_PAGE_NUMBER_MAX))).toBe(PROVIDER_PAGE_NUMBER_MAX);
    for (const odd of [
      undefined,
      '',
      '0',
      '-1',
      '1.5',
      '02',
      'abc',
      '2x',
      ['2'],
      String(PROVIDER_PAGE_NUMBER_MAX + 1),
    ])
      expect(providerPageNumber(odd)).toBe(1);
  });

  it('starts page N after N-1 pages of agents, within the deepest offset the API takes', () => {
    expect(providerPageOffset(1)).toBe(0);
    expect(providerPageOffset(3)).toBe(2 * PROVIDER_PAGE_SIZE);
    expect(providerPageOffset(PROVIDER_PAGE_NUMBER_MAX)).toBeLessThanOrEqual(PROVIDER_PAGE_QUERY.maxOffset);
  });

  it('writes the first page without a number and the next ones with ?page=', () => {
    expect(providerPageHref('fenwick-grove', 1)).toBe('/providers/fenwick-grove');
    expect(providerPageHref('fenwick-grove', 2)).toBe('/providers/fenwick-grove?page=2');
  });
});
