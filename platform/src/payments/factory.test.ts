import { loadConfig } from '../config/env';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import { checkoutRequest } from './contract';
import { openPayments, stripeApiAddress, TestModePayments } from './factory';
import { StripePayments } from './stripe/stripe-payments';
import { startFakeStripe } from './stripe/testing/fake-stripe';

describe('openPayments', () => {
  const store = openSqliteStore(':memory:');
  afterAll(() => store.close());

  it('opens the test mode by default, on the clock it is given', async () => {
    const now = Date.parse('2026-05-01T00:00:00Z');
    const payments = openPayments(loadConfig({}), { kv: store.kv, now: () => now });
    expect(payments).toBeInstanceOf(TestModePayments);
    const session = await payments.createCheckout(checkoutRequest());
    await (payments as TestModePayments).pay(session.id);
    const { subscriptionId } = (await payments.getCheckout(session.id))!;
    expect((await payments.getSubscription(subscriptionId!))!.currentPeriodStart).toBe(now / 1000);
  });

  it('opens Stripe at STRIPE_API_URL when the config asks for Stripe', async () => {
    const fake = await startFakeStripe();
    try {
      const config = loadConfig({
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
        STRIPE_API_URL: fake.url,
      });
      const payments = openPayments(config, { kv: store.kv });
      expect(payments).toBeInstanceOf(StripePayments);
      const session = await payments.createCheckout(checkoutRequest());
      expect(session.url.startsWith(fake.url)).toBe(true);
    } finally {
      await fake.stop();
    }
  });

  it("reads STRIPE_API_URL as the client's host, port and protocol", () => {
    expect(stripeApiAddress('http://localhost:12111')).toEqual({
      host: 'localhost',
      port: '12111',
      protocol: 'http',
    });
    expect(stripeApiAddress('https://stripe.internal/')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
  });
});
