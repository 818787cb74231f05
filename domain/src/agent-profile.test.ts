import { EMPTY_PROFILE, isProfileEmpty, PROFILE_MESSAGES, validateAgentProfile } from './agent-profile';
import { certificationsText, PROFILE_FACTS, priceText } from './profile-facts';

describe('validateAgentProfile', () => {
  it('takes an empty input as a profile that states nothing', () => {
    const checked = validateAgentProfile({});
    expect(checked).toEqual({ ok: true, value: EMPTY_PROFILE });
    expect(checked.ok && isProfileEmpty(checked.value)).toBe(true);
  });

  it('reads choices by code or label, lists from text, and keeps them in the list order', () => {
    const checked = validateAgentProfile({
      pricing_model: 'Subscription',
      starting_price: '29',
      currency: 'usd',
      billing_period: 'month',
      free_trial: 'yes',
      trial_days: 14,
      deployment: 'On-device; cloud',
      integrations: 'slack, Gmail, slack, Acme CRM',
      languages: ['Spanish', 'en'],
      data_residency: 'eu',
      certifications: 'SOC 2, gdpr',
      api_available: true,
      mcp_available: 'no',
      tasks: ['Answer tickets', 'Draft replies'],
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value).toMatchObject({
      pricing_model: 'subscription',
      starting_price: 29,
      currency: 'USD',
      billing_period: 'month',
      free_trial: true,
      trial_days: 14,
      deployment: ['cloud', 'on_device'],
      integrations: ['Slack', 'Gmail', 'Acme CRM'],
      languages: ['en', 'es'],
      data_residency: ['eu'],
      certifications: ['soc2', 'gdpr'],
      api_available: true,
      mcp_available: false,
      confirmed_at: null,
    });
  });

  it('names the field and the value that is not one of the choices', () => {
    const checked = validateAgentProfile({ deployment: 'mainframe', languages: 'Klingon' });
    expect(checked).toEqual({
      ok: false,
      errors: {
        deployment: PROFILE_MESSAGES.notInList('Deployment', 'mainframe'),
        languages: PROFILE_MESSAGES.notInList('Languages', 'Klingon'),
      },
    });
  });

  it('refuses a price without currency and period, markup, too many tasks and verifying an unclaimed certificate', () => {
    const checked = validateAgentProfile({
      starting_price: 10,
      integrations: ['<script>x</script>'],
      tasks: Array.from({ length: 9 }, (_, i) => `Task ${i}`),
      certifications_verified: ['hipaa'],
      free_trial: 'maybe',
      trial_days: 0,
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      starting_price: PROFILE_MESSAGES.priceNeedsCurrency,
      integrations: PROFILE_MESSAGES.invalidContent('Integrations'),
      tasks: PROFILE_MESSAGES.tooMany('Tasks', 8),
      certifications_verified: PROFILE_MESSAGES.verifiedNotClaimed,
      free_trial: PROFILE_MESSAGES.notAYesNo('Free trial'),
      trial_days: PROFILE_MESSAGES.trialDays,
    });
  });

  it('refuses a negative or non-numeric price', () => {
    for (const price of [-1, 'ten', Number.POSITIVE_INFINITY]) {
      const checked = validateAgentProfile({
        starting_price: price,
        currency: 'USD',
        billing_period: 'month',
      });
      expect(checked.ok).toBe(false);
    }
  });
});

describe('profile facts as people read them', () => {
  it('says "Not stated" for every gap', () => {
    expect(PROFILE_FACTS.map((fact) => fact.text(EMPTY_PROFILE))).toEqual(
      PROFILE_FACTS.map(() => 'Not stated'),
    );
  });

  it('writes the price with currency, period and model', () => {
    expect(
      priceText({
        ...EMPTY_PROFILE,
        pricing_model: 'subscription',
        starting_price: 29.5,
        currency: 'EUR',
        billing_period: 'user_month',
      }),
    ).toBe('From EUR 29.50 per user per month (Subscription)');
    expect(priceText({ ...EMPTY_PROFILE, pricing_model: 'quote' })).toBe('Custom quote');
  });

  it('marks certifications claimed by the provider unless staff verified them', () => {
    expect(
      certificationsText({
        ...EMPTY_PROFILE,
        certifications: ['soc2', 'hipaa'],
        certifications_verified: ['soc2'],
      }),
    ).toBe('SOC 2 (verified by staff), HIPAA (claimed by the provider)');
  });
});
