import { PLANS } from '@agentry/domain/plans';
import Stripe from 'stripe';
import { checkoutRequest, describePaymentsContract } from '../contract';
import { PaymentsUnavailableError } from '../port';
import { PriceCatalog } from './price-catalog';
import { StripePayments } from './stripe-payments';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe';

describePaymentsContract(
  'Stripe adapter on the local stand-in',
  { paysCheckout: true, webhooks: true, clock: true },
  async () => {
    let now = Date.parse('2026-01-31T12:00:00Z');
    const fake = await startFakeStripe({ now: () => now });
    return {
      payments: new StripePayments({
        secretKey: fake.secretKey,
        webhookSecret: fake.webhookSecret,
        stripeOptions: fake.stripeOptions,
      }),
      completeCheckout: async (sessionId) => {
        await fake.completeSession(sessionId);
      },
      signWebhook: (payload, timestamp) =>
        Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret, timestamp }),
      clock: { now: () => now, set: (ms) => (now = ms) },
      close: () => fake.stop(),
    };
  },
);

// Real Stripe, in test mode only: paying a Checkout page needs a browser, so subscriptions start
// directly with Stripe's test card, and the behaviours that pay a checkout or move time are skipped.
const realKey = process.env.STRIPE_SECRET_KEY ?? '';
const describeRealStripe = /^(sk|rk)_test_/.test(realKey) ? describe : describe.skip;
describeRealStripe('against real Stripe (runs when STRIPE_SECRET_KEY holds a test key)', () => {
  jest.setTimeout(60_000);
  const webhookSecret = 'whsec_contract_only';
  describePaymentsContract(
    'real Stripe, test mode',
    { paysCheckout: false, webhooks: true, clock: false },
    async () => {
      const stripe = new Stripe(realKey);
      const prices = new PriceCatalog(stripe);
      const customers: string[] = [];
      return {
        payments: new StripePayments({ secretKey: realKey, webhookSecret }),
        subscribeDirectly: async (request) => {
          const customer = await stripe.customers.create({
            email: request.email,
            metadata: { user_id: request.userId },
          });
          customers.push(customer.id);
          const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
          const subscription = await stripe.subscriptions.create({
            customer: customer.id,
            items: [{ price: await prices.priceIdFor(PLANS[request.plan]) }],
            default_payment_method: card.id,
            metadata: { user_id: request.userId, plan: request.plan },
          });
          return { subscriptionId: subscription.id, customerId: customer.id };
        },
        signWebhook: (payload, timestamp) =>
          Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp }),
        // Deleting a customer cancels its subscriptions: the test account keeps nothing running.
        close: async () => {
          for (const id of customers) await stripe.customers.del(id);
        },
      };
    },
  );
});

describe('StripePayments on the local stand-in', () => {
  let fake: FakeStripe;
  let payments: StripePayments;
  beforeEach(async () => {
    fake = await startFakeStripe();
    payments = new StripePayments({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      stripeOptions: fake.stripeOptions,
    });
  });
  afterEach(() => fake.stop());

  const posted = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);

  it('opens a subscription checkout for one customer per user, naming the user and plan everywhere', async () => {
    const request = checkoutRequest({ plan: 'employer', email: 'hiring@example.com', name: 'Grace Hopper' });
    const session = await payments.createCheckout(request);
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    expect(posted('/v1/customers').map((r) => r.params)).toEqual([
      { email: 'hiring@example.com', name: 'Grace Hopper', metadata: { user_id: request.userId } },
    ]);
    const metadata = { user_id: request.userId, plan: 'employer' };
    expect(posted('/v1/checkout/sessions')[0]!.params).toMatchObject({
      mode: 'subscription',
      customer: session.customerId,
      client_reference_id: request.userId,
      line_items: [{ price: expect.stringMatching(/^price_/), quantity: '1' }],
      metadata,
      subscription_data: { metadata },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
  });

  it("creates the plan's price when missing, then remembers it", async () => {
    await payments.createCheckout(checkoutRequest({ plan: 'agent_provider' }));
    await payments.createCheckout(checkoutRequest({ plan: 'agent_provider' }));
    expect(fake.requests.filter((r) => r.path === '/v1/prices').map((r) => [r.method, r.params])).toEqual([
      ['GET', { lookup_keys: ['agentry_provider_monthly'], active: 'true', limit: '1' }],
      [
        'POST',
        {
          lookup_key: 'agentry_provider_monthly',
          transfer_lookup_key: 'true',
          unit_amount: '500',
          currency: 'usd',
          recurring: { interval: 'month' },
          product_data: { name: 'Provider plan' },
          metadata: { plan: 'agent_provider' },
        },
      ],
    ]);
  });

  it('uses the price that already holds the lookup key', async () => {
    const existing = fake.state.createPrice({
      lookup_key: 'agentry_employer_monthly',
      unit_amount: '4000',
      currency: 'usd',
      recurring: { interval: 'month' },
      product: 'prod_existing',
    });
    await payments.createCheckout(checkoutRequest({ plan: 'employer' }));
    expect(posted('/v1/prices')).toEqual([]);
    expect(posted('/v1/checkout/sessions')[0]!.params).toMatchObject({
      line_items: [{ price: existing.id }],
    });
  });

  it('takes the lookup key over from an archived price, which the lookup does not return', async () => {
    const archived = fake.state.createPrice({
      lookup_key: 'agentry_employer_monthly',
      unit_amount: '4000',
      currency: 'usd',
      recurring: { interval: 'month' },
      product: 'prod_existing',
    });
    archived.active = false;
    await payments.createCheckout(checkoutRequest({ plan: 'employer' }));
    const [created] = posted('/v1/prices');
    expect(created!.params).toMatchObject({
      lookup_key: 'agentry_employer_monthly',
      transfer_lookup_key: 'true',
    });
    expect(archived.lookup_key).toBeNull();
  });

  it('replaces a price whose amount no longer matches the plan, moving the lookup key to the new one', async () => {
    const old = fake.state.createPrice({
      lookup_key: 'agentry_employer_monthly',
      unit_amount: '3000',
      currency: 'usd',
      recurring: { interval: 'month' },
      product: 'prod_existing',
    });
    await payments.createCheckout(checkoutRequest({ plan: 'employer' }));
    expect(posted('/v1/prices')[0]!.params).toMatchObject({
      unit_amount: '4000',
      transfer_lookup_key: 'true',
    });
    expect(old.lookup_key).toBeNull();
  });

  it('reports a refused key as unavailable, keeping the cause and never the key', async () => {
    const wrongKey = 'sk_test_wrong_key_1234567890';
    const refused = new StripePayments({
      secretKey: wrongKey,
      webhookSecret: 'whsec_x',
      stripeOptions: fake.stripeOptions,
    });
    const error = await refused.createCheckout(checkoutRequest()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentsUnavailableError);
    expect((error as Error).message).toMatch(
      /^Stripe could not open a checkout: StripeAuthenticationError \(401\)/,
    );
    expect((error as Error).message).not.toContain(wrongKey);
    expect((error as Error).cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('reports an unreachable Stripe as unavailable', async () => {
    await fake.stop();
    const unreachable = new StripePayments({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      stripeOptions: { ...fake.stripeOptions, maxNetworkRetries: 0 },
    });
    await expect(unreachable.getSubscription('sub_123')).rejects.toThrow(
      /^Stripe could not read a subscription: StripeConnectionError/,
    );
    fake = await startFakeStripe();
  });
});
