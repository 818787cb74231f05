import { get, type RoutePolicy } from './policy';

// Subscriptions: the test-mode checkout and the Stripe webhook, proved by its signature.
// One part of ROUTE_POLICIES (../route-policies.ts), in the order of the app.

export const STRIPE_WEBHOOK: Record<string, RoutePolicy> = {
  'POST /api/stripe/webhook': {
    access: 'webhook-signature',
    // A forged event, unsigned.
    probe: () => ({ body: { id: 'evt_forged', type: 'checkout.session.completed' } }),
    csrfExempt: 'Stripe has no session; the signature over the raw body proves the sender.',
  },
};

export const SUBSCRIPTIONS: Record<string, RoutePolicy> = {
  // Subscriptions and the test-mode checkout.
  // The provider opened this checkout: only that account may verify it (another's is a 404).
  'POST /api/verify-session': {
    access: 'provider-owner',
    probe: (w) => ({ body: { session_id: w.ids.paidCheckout } }),
  },
  'GET /api/users/subscription': { access: 'signed-in' },
  // Callers without a paid subscription (set by staff, or ended) have none to change: 400.
  'POST /api/users/subscription/cancel': { access: 'signed-in', alsoOk: [400] },
  'POST /api/users/subscription/reactivate': { access: 'signed-in', alsoOk: [400] },
  'GET /api/test-checkout/{id}': {
    access: 'capability',
    probe: get((w) => `/api/test-checkout/${w.ids.openCheckout}`),
  },
  'POST /api/test-checkout/{id}/pay': {
    access: 'capability',
    probe: async (w) => ({ path: `/api/test-checkout/${await w.newCheckout()}/pay` }),
  },
  'POST /api/test-checkout/{id}/cancel': {
    access: 'capability',
    probe: async (w) => ({ path: `/api/test-checkout/${await w.newCheckout()}/cancel` }),
  },
};
