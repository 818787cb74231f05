import { type AgentProfile, EMPTY_PROFILE } from './agent-profile';
import {
  monthlyStartingPrice,
  profileFacetLabel,
  profileFacetValues,
  profileSearchFacts,
} from './profile-facets';

const profile = (facts: Partial<AgentProfile>): AgentProfile => ({ ...EMPTY_PROFILE, ...facts });

describe('the starting price per month', () => {
  it('takes a monthly price in US dollars as it is', () => {
    expect(
      monthlyStartingPrice(profile({ starting_price: 29, currency: 'USD', billing_period: 'month' })),
    ).toBe(29);
  });

  it('divides a yearly price by twelve and converts its currency at the reference rate', () => {
    // 120 EUR a year: 10 EUR a month, at 1.08 USD each.
    expect(
      monthlyStartingPrice(profile({ starting_price: 120, currency: 'EUR', billing_period: 'year' })),
    ).toBe(10.8);
    expect(
      monthlyStartingPrice(profile({ starting_price: 1200, currency: 'USD', billing_period: 'year' })),
    ).toBe(100);
  });

  it('counts a per-user price for one user', () => {
    expect(
      monthlyStartingPrice(profile({ starting_price: 15, currency: 'USD', billing_period: 'user_month' })),
    ).toBe(15);
  });

  it('has no monthly figure for a one-time purchase, nor for a price without currency or period', () => {
    expect(
      monthlyStartingPrice(profile({ starting_price: 500, currency: 'USD', billing_period: 'one_time' })),
    ).toBeNull();
    expect(monthlyStartingPrice(profile({ starting_price: 5 }))).toBeNull();
    expect(monthlyStartingPrice(EMPTY_PROFILE)).toBeNull();
  });

  it('starts a free pricing model that states no price at 0', () => {
    expect(monthlyStartingPrice(profile({ pricing_model: 'free' }))).toBe(0);
    expect(monthlyStartingPrice(profile({ pricing_model: 'freemium' }))).toBeNull();
  });
});

describe('profile facets', () => {
  it('are the lists as stated, a free trial as "true" or "false", and nothing when not stated', () => {
    const facts = profileSearchFacts(
      profile({ integrations: ['Slack'], languages: ['es', 'en'], free_trial: false }),
    );
    expect(profileFacetValues(facts, 'integrations')).toEqual(['Slack']);
    expect(profileFacetValues(facts, 'languages')).toEqual(['es', 'en']);
    expect(profileFacetValues(facts, 'free_trial')).toEqual(['false']);
    expect(profileFacetValues(facts, 'deployment')).toEqual([]);
    expect(profileFacetValues(profileSearchFacts(EMPTY_PROFILE), 'free_trial')).toEqual([]);
    expect(profileFacetValues(undefined, 'integrations')).toEqual([]);
  });

  it('read as people name them', () => {
    expect(profileFacetLabel('languages', 'es')).toBe('Spanish');
    expect(profileFacetLabel('deployment', 'self_hosted')).toBe('Self-hosted');
    expect(profileFacetLabel('certifications', 'iso27001')).toBe('ISO 27001');
    expect(profileFacetLabel('free_trial', 'true')).toBe('Offers a free trial');
    expect(profileFacetLabel('integrations', 'Zendesk')).toBe('Zendesk');
  });
});
