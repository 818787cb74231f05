import { payCheckoutSession } from '../../simulated/checkout-payment';
import type {
  Metadata,
  SimulatedCheckoutSession,
  SimulatedCustomer,
  SimulatedPrice,
  SimulatedSubscription,
} from '../../simulated/objects';
import { randomId } from '../../simulated/random-id';
import { applyElapsedTime } from '../../simulated/subscription-clock';
import type { FormObject, FormValue } from './form-body';

// The objects of the Stripe stand-in and what its endpoints do to them, with Stripe's refusals, so
// that the Stripe adapter meets in tests the answers (and errors) it meets in production.

/** A refusal in Stripe's words: the HTTP status and the body's `error`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; code?: string; param?: string },
  ) {
    super(error.message);
    this.name = 'StripeApiError';
  }
}

const missing = (kind: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });

const invalid = (message: string, param?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

const text = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

function required(params: FormObject, name: string): string {
  const value = text(params[name]);
  if (!value) throw invalid(`Missing required param: ${name}.`, name);
  return value;
}

/** Stripe merges metadata on update; an empty value removes the key. */
function mergeMetadata(current: Metadata, value: FormValue | undefined): Metadata {
  const merged = { ...current };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, entry] of Object.entries(value)) {
      if (entry === '') delete merged[key];
      else if (typeof entry === 'string') merged[key] = entry;
    }
  }
  return merged;
}

interface StoredSession {
  session: SimulatedCheckoutSession;
  priceId: string;
  subscriptionMetadata: Metadata;
}

export class FakeStripeState {
  readonly customers = new Map<string, SimulatedCustomer>();
  readonly prices = new Map<string, SimulatedPrice>();
  readonly subscriptions = new Map<string, SimulatedSubscription>();
  private readonly sessions = new Map<string, StoredSession>();

  constructor(
    /** Unix seconds. */
    private readonly now: () => number,
    /** The hosted checkout page of a session. */
    private readonly pageUrl: (sessionId: string) => string,
  ) {}

  createCustomer(params: FormObject): SimulatedCustomer {
    const customer: SimulatedCustomer = {
      id: randomId('cus'),
      object: 'customer',
      email: text(params.email) ?? null,
      name: text(params.name) ?? null,
      metadata: mergeMetadata({}, params.metadata),
      created: this.now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  listPrices(params: FormObject): SimulatedPrice[] {
    const keys = Array.isArray(params.lookup_keys) ? params.lookup_keys : [];
    const active = text(params.active);
    const limit = Number(text(params.limit) ?? 10);
    return [...this.prices.values()]
      .filter((price) => keys.length === 0 || keys.includes(price.lookup_key ?? ''))
      .filter((price) => active === undefined || String(price.active) === active)
      .slice(0, limit);
  }

  createPrice(params: FormObject): SimulatedPrice {
    const lookupKey = text(params.lookup_key) ?? null;
    const holder = [...this.prices.values()].find((price) => lookupKey && price.lookup_key === lookupKey);
    if (holder && text(params.transfer_lookup_key) !== 'true') {
      throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
    }
    if (holder) holder.lookup_key = null;
    const recurring = params.recurring as FormObject | undefined;
    const productData = params.product_data as FormObject | undefined;
    if (!text(params.product) && !text(productData?.name))
      throw invalid('Missing required param: product.', 'product');
    const price: SimulatedPrice = {
      id: randomId('price'),
      object: 'price',
      active: true,
      currency: required(params, 'currency'),
      unit_amount: Number(required(params, 'unit_amount')),
      lookup_key: lookupKey,
      product: text(params.product) ?? randomId('prod'),
      recurring: { interval: text(recurring?.interval) ?? 'month', interval_count: 1 },
      type: 'recurring',
      metadata: mergeMetadata({}, params.metadata),
      created: this.now(),
      livemode: false,
    };
    this.prices.set(price.id, price);
    return price;
  }

  createCheckoutSession(params: FormObject): SimulatedCheckoutSession {
    if (text(params.mode) !== 'subscription')
      throw invalid('The stand-in supports mode=subscription only.', 'mode');
    const customerId = text(params.customer) ?? null;
    if (customerId && !this.customers.has(customerId)) throw missing('customer', customerId, 'customer');
    const item = (Array.isArray(params.line_items) ? params.line_items[0] : undefined) as
      | FormObject
      | undefined;
    const priceId = text(item?.price) ?? '';
    const price = this.prices.get(priceId);
    if (!price) throw missing('price', priceId, 'line_items[0][price]');
    const customer = customerId ? this.customers.get(customerId)! : null;
    const now = this.now();
    const id = randomId('cs_test');
    const session: SimulatedCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: text(params.client_reference_id) ?? null,
      customer: customerId,
      subscription: null,
      metadata: mergeMetadata({}, params.metadata),
      customer_details: customer ? { email: customer.email, name: customer.name } : null,
      success_url: required(params, 'success_url'),
      cancel_url: text(params.cancel_url) ?? null,
      url: this.pageUrl(id),
      amount_total: price.unit_amount * Number(text(item?.quantity) ?? 1),
      currency: price.currency,
      created: now,
      expires_at: now + 24 * 60 * 60,
      livemode: false,
    };
    const subscriptionData = params.subscription_data as FormObject | undefined;
    this.sessions.set(id, {
      session,
      priceId,
      subscriptionMetadata: mergeMetadata({}, subscriptionData?.metadata),
    });
    return session;
  }

  retrieveCheckoutSession(id: string): SimulatedCheckoutSession {
    const stored = this.sessions.get(id);
    if (!stored) throw missing('checkout.session', id);
    if (stored.session.status === 'open' && this.now() >= stored.session.expires_at) {
      stored.session = { ...stored.session, status: 'expired', url: null };
    }
    return stored.session;
  }

  retrieveSubscription(id: string): SimulatedSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    const advanced = applyElapsedTime(subscription, this.now());
    if (advanced) this.subscriptions.set(id, advanced);
    return advanced ?? subscription;
  }

  updateSubscription(id: string, params: FormObject): SimulatedSubscription {
    const subscription = this.retrieveSubscription(id);
    if (subscription.status === 'canceled') {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const cancel = text(params.cancel_at_period_end);
    const periodEnd = subscription.items.data[0]!.current_period_end;
    const updated: SimulatedSubscription = {
      ...subscription,
      metadata: mergeMetadata(subscription.metadata, params.metadata),
      ...(cancel === undefined
        ? {}
        : {
            cancel_at_period_end: cancel === 'true',
            cancel_at: cancel === 'true' ? periodEnd : null,
            canceled_at: cancel === 'true' ? this.now() : null,
          }),
    };
    this.subscriptions.set(id, updated);
    return updated;
  }

  /** The customer pays on the hosted page: the session completes and its subscription starts. */
  completeCheckoutSession(id: string) {
    const session = this.retrieveCheckoutSession(id);
    if (session.status !== 'open') throw invalid(`This checkout session is ${session.status}, not open.`);
    const stored = this.sessions.get(id)!;
    // Stripe makes a customer at payment when the session named none; so does the stand-in.
    const customer =
      session.customer ?? this.createCustomer({ email: session.customer_details?.email ?? '' }).id;
    const paid = payCheckoutSession({
      session: { ...session, customer },
      subscriptionMetadata: stored.subscriptionMetadata,
      price: this.prices.get(stored.priceId)!,
      now: this.now(),
      newId: (kind) => randomId(kind),
    });
    this.subscriptions.set(paid.subscription.id, paid.subscription);
    stored.session = paid.session;
    return paid;
  }
}
