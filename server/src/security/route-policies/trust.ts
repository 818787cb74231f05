import { get, page, type RoutePolicy } from './policy';

// Trust (issue 26): reviews, site checks, verified domains; and what a viewer may do.
// One part of ROUTE_POLICIES (../route-policies.ts), in the order of the app.

export const TRUST: Record<string, RoutePolicy> = {
  // Trust (issue 26): reviews and the link checker's record are public reads (any origin); writing a
  // review needs an active employer; answering one, its agent's provider; reports are anyone's.
  'GET /api/agents/{id}/reviews': {
    access: 'public',
    crossOrigin: true,
    probe: get((w) => `/api/agents/${w.ids.secondAgent}/reviews`),
  },
  'OPTIONS /api/agents/{id}/reviews': {
    access: 'public',
    crossOrigin: true,
    probe: get((w) => `/api/agents/${w.ids.secondAgent}/reviews`),
  },
  'GET /api/agents/{id}/site-check': {
    access: 'public',
    crossOrigin: true,
    probe: get((w) => `/api/agents/${w.ids.listedAgent}/site-check`),
  },
  'OPTIONS /api/agents/{id}/site-check': {
    access: 'public',
    crossOrigin: true,
    probe: get((w) => `/api/agents/${w.ids.listedAgent}/site-check`),
  },
  // What this viewer may do: every caller gets an answer about themselves.
  'GET /api/agents/{id}/reviews/mine': {
    access: 'public',
    probe: get((w) => `/api/agents/${w.ids.listedAgent}/reviews/mine`),
  },
  'PUT /api/agents/{id}/review': {
    access: 'active-employer',
    probe: (w) => ({
      path: `/api/agents/${w.ids.listedAgent}/review`,
      body: { rating: 4, body: 'It answered our tickets well.' },
    }),
  },
  'POST /api/reviews/{id}/reply': {
    access: 'provider-owner',
    probe: async (w) => ({
      path: `/api/reviews/${await w.newReviewOfOwnAgent()}/reply`,
      body: { body: 'Thank you!' },
    }),
  },
  'POST /api/reviews/{id}/reports': {
    access: 'public',
    probe: (w) => ({ path: `/api/reviews/${w.ids.review}/reports`, body: { reason: 'Looks like spam' } }),
  },
  'GET /api/signals': page,
  // The home page's new, verified and well-reviewed agents (issue 25).
  'GET /api/showcase': page,
  // Verified domains: a provider's own; a claim by domain proof needs a verified domain (409 says which).
  'GET /api/users/domains': { access: 'provider-account' },
  'POST /api/users/domains': {
    access: 'provider-account',
    probe: (w) => ({ body: { domain: `${w.unique('probe-domain')}.example` } }),
  },
  'POST /api/users/domains/{id}/check': {
    access: 'provider-owner',
    probe: get((w) => `/api/users/domains/${w.ids.providerDomain}/check`),
  },
  'DELETE /api/users/domains/{id}': {
    access: 'provider-owner',
    probe: async (w) => ({ path: `/api/users/domains/${await w.newProviderDomain()}` }),
  },
  'POST /api/agents/{id}/claim': {
    access: 'provider-account',
    probe: get((w) => `/api/agents/${w.ids.listedAgent}/claim`),
    // No verified domain covers the listing's site: 409 naming the domain to prove first.
    alsoOk: [409],
  },
};
