import type { Config } from '../config/env';
import type { KeyValueRepository } from '../store/port';
import type { PaymentsProvider } from './port';
import type { StripePaymentsOptions } from './stripe/stripe-payments';
import { CheckoutNotFoundError, CheckoutNotOpenError } from './test-mode/checkout-errors';
import { TestModePayments } from './test-mode/test-mode-payments';

// The server imports the test mode's class (and the checkout page's errors) from here, never from an
// adapter's folder: it offers the test-mode checkout page only when the provider is a TestModePayments.
export { CheckoutNotFoundError, CheckoutNotOpenError, TestModePayments };

export interface OpenPaymentsDeps {
  /** Where the test mode keeps its checkouts, customers and subscriptions (the store's kv). */
  kv: KeyValueRepository;
  /** The test mode's clock, in milliseconds (tests move it to the end of a billing period). */
  now?: () => number;
}

type PaymentsConfig = Pick<
  Config,
  'payments' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'
>;

/** The provider the config asks for: Stripe in Stripe mode, else the built-in test mode. */
export function openPayments(config: PaymentsConfig, deps: OpenPaymentsDeps): PaymentsProvider {
  if (config.payments === 'stripe') {
    // Loaded in Stripe mode only: the Stripe SDK is a large package that test mode never uses, and
    // loading it cost every API worker about a tenth of its start (issue 24).
    const { StripePayments } =
      require('./stripe/stripe-payments') as typeof import('./stripe/stripe-payments');
    // loadConfig has checked that Stripe mode has both secrets.
    return new StripePayments({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      stripeOptions: config.STRIPE_API_URL ? stripeApiAddress(config.STRIPE_API_URL) : undefined,
    });
  }
  return new TestModePayments(deps.kv, { now: deps.now });
}

/** STRIPE_API_URL as the Stripe client's host, port and protocol. */
export function stripeApiAddress(url: string): NonNullable<StripePaymentsOptions['stripeOptions']> {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}
