import { checkoutStateOf, planOf, type SubscriptionShape, subscriptionStateOf } from './stripe-shapes';

const subscription = (overrides: Partial<SubscriptionShape> = {}): SubscriptionShape => ({
  id: 'sub_1',
  customer: 'cus_1',
  status: 'active',
  cancel_at_period_end: false,
  metadata: { user_id: 'u1', plan: 'employer' },
  items: { data: [{ current_period_start: 100, current_period_end: 200 }] },
  ...overrides,
});

describe('checkoutStateOf', () => {
  it('counts a session that needed no payment as paid', () => {
    const state = checkoutStateOf({
      id: 'cs_1',
      status: 'complete',
      payment_status: 'no_payment_required',
      client_reference_id: 'u1',
      customer: { id: 'cus_1' },
      subscription: 'sub_1',
      metadata: { user_id: 'u1', plan: 'agent_provider' },
    });
    expect(state).toEqual({
      id: 'cs_1',
      status: 'complete',
      paid: true,
      userId: 'u1',
      plan: 'agent_provider',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
  });
});

describe('subscriptionStateOf', () => {
  it('reads the billing period from the first item (API 2025-03-31 and later)', () => {
    expect(subscriptionStateOf(subscription())).toMatchObject({
      currentPeriodStart: 100,
      currentPeriodEnd: 200,
      userId: 'u1',
      plan: 'employer',
    });
  });

  it('falls back to the top-level period of older API versions', () => {
    const old = subscription({ items: { data: [{}] }, current_period_start: 10, current_period_end: 20 });
    expect(subscriptionStateOf(old)).toMatchObject({ currentPeriodStart: 10, currentPeriodEnd: 20 });
  });

  it('refuses a subscription without any billing period rather than invent one', () => {
    expect(() => subscriptionStateOf(subscription({ items: { data: [] } }))).toThrow(/no billing period/);
  });
});

describe('planOf', () => {
  it('names only the plans we sell', () => {
    expect(planOf({ plan: 'employer' })).toBe('employer');
    expect(planOf({ plan: 'toString' })).toBeNull();
    expect(planOf(null)).toBeNull();
  });
});
