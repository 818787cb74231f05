import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { PaymentEvent } from '../../port';
import { eventOf } from '../../simulated/objects';
import { randomId } from '../../simulated/random-id';
import { checkoutPage } from './checkout-page';
import { FakeStripeState, StripeApiError } from './fake-stripe-state';
import { type FormObject, parseStripeForm } from './form-body';

// A local stand-in for the part of Stripe's API that the Stripe adapter uses, for tests with no
// internet: a node:http server that reads Stripe's form-encoded requests and answers Stripe's JSON,
// errors included. Point the Stripe client at it with `stripeOptions` (or STRIPE_API_URL=url).
//
//   const stripe = await startFakeStripe();
//   const payments = new StripePayments({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret,
//     stripeOptions: stripe.stripeOptions });
//   const session = await payments.createCheckout(...);
//   const events = await stripe.completeSession(session.id);   // the customer paid on Stripe's page
//   const { body, signature } = stripe.signedPayload(events[0]); // POST body with Stripe-Signature
//   await stripe.stop();
//
// Endpoints: POST /v1/customers, GET and POST /v1/prices, POST /v1/checkout/sessions,
// GET /v1/checkout/sessions/:id, GET and POST /v1/subscriptions/:id; and the hosted checkout page at
// the session's url (GET shows it, POST pays it and redirects to success_url) for browser tests.

export interface FakeStripeOptions {
  /** The only key it accepts (default sk_test_fake_stripe). */
  secretKey?: string;
  /** The secret its webhook signatures use (default whsec_fake_stripe). */
  webhookSecret?: string;
  /** Its clock in milliseconds (default Date.now): move it past a period's end to see renewal or the end. */
  now?: () => number;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: FormObject;
}

export interface FakeStripe {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** For `new Stripe(secretKey, stripeOptions)` or StripePayments' stripeOptions. */
  stripeOptions: { host: string; port: number; protocol: 'http' };
  /** Every API request received, oldest first (assert on what the adapter asked). */
  requests: FakeStripeRequest[];
  /** The objects it holds (customers, prices, subscriptions), for assertions and set-ups. */
  state: FakeStripeState;
  /**
   * The customer pays the session on Stripe's page. Returns the webhook events Stripe would send
   * (checkout.session.completed, customer.subscription.created, invoice.paid), after delivering them
   * when forwardWebhooksTo was given a URL. Throws when the session is unknown or not open.
   */
  completeSession(sessionId: string): Promise<PaymentEvent[]>;
  /** An event carrying the subscription as it is now (after a cancel, a renewal or its end). */
  subscriptionEvent(subscriptionId: string, type?: string): PaymentEvent;
  /** The body and Stripe-Signature header of a webhook delivery of this event (timestamp: Unix seconds, default now). */
  signedPayload(event: PaymentEvent, timestamp?: number): { body: string; signature: string };
  /** Deliver the events of completed sessions to this URL, as `stripe listen --forward-to` does; null stops. */
  forwardWebhooksTo(url: string | null): void;
  stop(): Promise<void>;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake_stripe';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_stripe';
  const now = options.now ?? Date.now;
  const requests: FakeStripeRequest[] = [];
  // Stripe answers a retried request (same Idempotency-Key) with the first answer.
  const answered = new Map<string, { status: number; body: unknown }>();
  let baseUrl = '';
  let webhookUrl: string | null = null;
  const state = new FakeStripeState(
    () => Math.floor(now() / 1000),
    (id) => `${baseUrl}/c/pay/${id}`,
  );

  const signedPayload = (event: PaymentEvent, timestamp?: number) => {
    const body = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: webhookSecret,
      timestamp,
    });
    return { body, signature };
  };

  async function deliver(events: PaymentEvent[]): Promise<void> {
    if (!webhookUrl) return;
    for (const event of events) {
      const { body, signature } = signedPayload(event);
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
      if (!response.ok) throw new Error(`The webhook answered ${response.status} to ${event.type}`);
    }
  }

  async function completeSession(sessionId: string): Promise<PaymentEvent[]> {
    const { events } = state.completeCheckoutSession(sessionId);
    await deliver(events);
    return events;
  }

  function api(method: string, path: string, params: FormObject): unknown {
    const [, resource, id] =
      path.match(/^\/v1\/(customers|prices|checkout\/sessions|subscriptions)(?:\/([^/]+))?$/) ?? [];
    const route = `${method} ${resource}${id ? '/:id' : ''}`;
    switch (route) {
      case 'POST customers':
        return state.createCustomer(params);
      case 'GET prices': {
        const data = state.listPrices(params);
        return { object: 'list', data, has_more: false, url: '/v1/prices' };
      }
      case 'POST prices':
        return state.createPrice(params);
      case 'POST checkout/sessions':
        return state.createCheckoutSession(params);
      case 'GET checkout/sessions/:id':
        return state.retrieveCheckoutSession(id!);
      case 'GET subscriptions/:id':
        return state.retrieveSubscription(id!);
      case 'POST subscriptions/:id':
        return state.updateSubscription(id!, params);
      default:
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}). The stand-in serves only what the adapter uses.`,
        });
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const body = await readBody(req);
    const page = url.pathname.match(/^\/c\/pay\/([A-Za-z0-9_]+)$/);
    if (page) return hostedPage(req.method ?? 'GET', page[1]!, res);

    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req') });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, {
        error: {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided: the stand-in expects its own key',
        },
      });
    }
    const params = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : body);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
    const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const earlier = typeof idempotencyKey === 'string' ? answered.get(idempotencyKey) : undefined;
    if (earlier) return send(earlier.status, earlier.body);
    let answer: { status: number; body: unknown };
    try {
      answer = { status: 200, body: api(req.method ?? 'GET', url.pathname, params) };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answer = { status: error.status, body: { error: error.error } };
    }
    if (typeof idempotencyKey === 'string') answered.set(idempotencyKey, answer);
    send(answer.status, answer.body);
  }

  async function hostedPage(method: string, sessionId: string, res: http.ServerResponse): Promise<void> {
    let session: ReturnType<FakeStripeState['retrieveCheckoutSession']>;
    try {
      session = state.retrieveCheckoutSession(sessionId);
      if (method === 'POST') {
        await completeSession(sessionId);
        res.writeHead(303, { location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', sessionId) });
        res.end();
        return;
      }
    } catch (error) {
      res.writeHead(error instanceof StripeApiError ? error.status : 500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : String(error));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(checkoutPage(session));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    port,
    secretKey,
    webhookSecret,
    stripeOptions: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    state,
    completeSession,
    subscriptionEvent: (subscriptionId, type = 'customer.subscription.updated') =>
      eventOf(randomId('evt'), type, state.retrieveSubscription(subscriptionId), Math.floor(now() / 1000)),
    signedPayload,
    forwardWebhooksTo: (url) => {
      webhookUrl = url;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The Stripe client keeps connections alive; close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
