import { providerPagePath } from './provider-page';

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
