import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../testing/visitor';
import { type Caller, isKeyCaller, type Probe, WALK_PASSWORD } from './callers';
import type { World } from './world';

// Who may call each route of the app, declared once, beside the test that walks every route as
// every kind of caller (route-table.test.ts). A route the app has and this table lacks fails that
// test: add it here with its access and, if it takes parameters or a body, its probe.

export type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Anyone who holds the unguessable id or one-time token the request carries (checkouts, reset links). */
  | 'capability'
  /** A signed-in user account of any kind (a staff session is no user). */
  | 'signed-in'
  /** The provider whose resource it is; another account learns nothing (403 or 404). */
  | 'provider-owner'
  /** An employer account with an active subscription (403 requires_subscription otherwise). */
  | 'active-employer'
  /** An employer account, whatever its plan (what it keeps it may read and take back); a provider gets 403. */
  | 'employer-account'
  /** A provider account, whatever its plan (its domains, claims by domain proof); an employer gets 403. */
  | 'provider-account'
  /** A signed-in admin (401 to everyone else, users included). */
  | 'admin'
  /** Stripe, proven by the signature over the raw body (no session, no CSRF token). */
  | 'webhook-signature';

export interface RoutePolicy {
  access: Access;
  /** The request to send: path parameters filled with ids of the seeded world, the body it takes. */
  probe?: (world: World, caller: Caller) => Probe | Promise<Probe>;
  /** Answers an allowed caller may get besides 2xx and 3xx: business rules, not rights (each says why). */
  alsoOk?: number[];
  /** The call changes the caller's own session (signs in, out, up): sent from a fresh browser. */
  freshBrowser?: true;
  /** Needs no CSRF token, and why (SECURITY.md gives the same reasons). */
  csrfExempt?: string;
  /** Readable by pages on any origin (CORS `*`, never with credentials); no other route may say so. */
  crossOrigin?: true;
  /**
   * An employer API key (Authorization: Bearer) opens it: the active employer's key acts as the
   * employer, with no session or CSRF token; a lapsed employer's key is refused (403). Elsewhere a
   * key opens nothing: its caller is a visitor.
   */
  apiKey?: true;
}

/** A structured profile (issue 28) every caller allowed may save. */
const PROFILE_PROBE = {
  deployment: ['cloud'],
  languages: 'en, es',
  integrations: ['Slack'],
  free_trial: true,
};

type Outcome = 'ok' | 401 | 403 | 'refused' | 'no-signature';

/** What each kind of caller gets, by access. 'refused' is 403 or 404 (a 404 does not say the thing exists). */
export const EXPECTED: Record<Access, Record<Caller, Outcome>> = {
  public: allOf('ok'),
  capability: allOf('ok'),
  'signed-in': { ...allOf('ok'), visitor: 401, admin: 401 },
  'provider-owner': { ...allOf('refused'), visitor: 401, provider: 'ok', admin: 401 },
  'active-employer': { ...allOf(403), visitor: 401, employer: 'ok', admin: 401 },
  'employer-account': { ...allOf(403), visitor: 401, employer: 'ok', lapsedEmployer: 'ok', admin: 401 },
  'provider-account': { ...allOf(403), visitor: 401, provider: 'ok', otherProvider: 'ok', admin: 401 },
  admin: { ...allOf(401), admin: 'ok' },
  'webhook-signature': allOf('no-signature'),
};

function allOf(outcome: Outcome): Record<Caller, Outcome> {
  return {
    visitor: outcome,
    provider: outcome,
    otherProvider: outcome,
    employer: outcome,
    lapsedEmployer: outcome,
    admin: outcome,
    employerKey: outcome,
    lapsedKey: outcome,
  };
}

/** What a key caller gets where a key opens the route, whatever its access for sessions. */
const KEY_OUTCOMES = { employerKey: 'ok', lapsedKey: 403 } as const;

/** What the caller must get from the route: a key caller is a visitor unless a key opens it. */
export function expectedOutcome(policy: RoutePolicy, caller: Caller): Outcome {
  if (isKeyCaller(caller)) return policy.apiKey ? KEY_OUTCOMES[caller] : EXPECTED[policy.access].visitor;
  return EXPECTED[policy.access][caller];
}

/** Does the status match the outcome? */
export function matches(outcome: Outcome, status: number, alsoOk: number[] = []): boolean {
  if (outcome === 'ok') return status < 400 || alsoOk.includes(status);
  if (outcome === 'refused') return status === 403 || status === 404;
  // 400 for a missing or bad signature; 404 where Stripe is not configured (test-mode payments).
  if (outcome === 'no-signature') return status === 400 || status === 404;
  return status === outcome;
}

const agentBody = (w: World) => ({
  name: w.unique('Probe Agent'),
  provider: 'Probe Labs',
  category: 'Customer Service',
  role: 'Customer Support Agent',
  description: 'Answers customer emails in Spanish and English.',
  cost: '$29/month',
  address: `https://${w.unique('probe')}.example`,
});
const get = (path: (w: World) => string) => (w: World) => ({ path: path(w) });
const page: RoutePolicy = { access: 'public' };
const openRead: RoutePolicy = { access: 'public', crossOrigin: true };
const MCP_HEADERS = { Accept: 'application/json, text/event-stream' };

export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  // Probes and discovery.
  'GET /livez': page,
  'GET /healthz': page,
  'GET /readyz': page,
  // Discovery of the MCP server: readable from anywhere, like the server it describes.
  'GET /.well-known/mcp.json': openRead,
  'GET /api/openapi.yaml': page,

  'POST /api/stripe/webhook': {
    access: 'webhook-signature',
    // A forged event, unsigned.
    probe: () => ({ body: { id: 'evt_forged', type: 'checkout.session.completed' } }),
    csrfExempt: 'Stripe has no session; the signature over the raw body proves the sender.',
  },

  // MCP: listings only, no cookies read, so neither session nor token; an employer API key opens
  // the paid tools, and a lapsed employer's key is refused (403).
  'OPTIONS /mcp': openRead,
  'POST /mcp': {
    access: 'public',
    apiKey: true,
    crossOrigin: true,
    probe: () => ({ body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: MCP_HEADERS }),
    csrfExempt: 'Reads public listings only and never reads a cookie: a forged call gains nothing.',
  },
  // Any other method: 405 (the server is stateless and takes POST only).
  '* /mcp': { access: 'public', crossOrigin: true, probe: () => ({ method: 'GET' }), alsoOk: [405] },

  // Public reads (CORS: any origin, no credentials) and their preflights.
  'GET /api/search': {
    access: 'public',
    crossOrigin: true,
    probe: () => ({ path: '/api/search?query=support' }),
  },
  'GET /api/search-by-role': {
    access: 'public',
    crossOrigin: true,
    probe: () => ({ path: '/api/search-by-role?role=Customer%20Support%20Agent' }),
  },
  'GET /api/agents': openRead,
  'GET /api/agents/count': openRead,
  'GET /api/agents/{id}': {
    access: 'public',
    crossOrigin: true,
    probe: get((w) => `/api/agents/${w.ids.listedAgent}`),
  },
  'GET /api/agents/{id}/similar': {
    access: 'public',
    crossOrigin: true,
    probe: get((w) => `/api/agents/${w.ids.listedAgent}/similar`),
  },
  'GET /api/categories': openRead,
  'GET /api/roles': openRead,
  'OPTIONS /api/search': openRead,
  'OPTIONS /api/search-by-role': openRead,
  'OPTIONS /api/agents': openRead,
  'OPTIONS /api/agents/count': openRead,
  'OPTIONS /api/agents/{id}': {
    access: 'public',
    crossOrigin: true,
    probe: get((w) => `/api/agents/${w.ids.listedAgent}`),
  },
  'OPTIONS /api/agents/{id}/similar': {
    access: 'public',
    crossOrigin: true,
    probe: get((w) => `/api/agents/${w.ids.listedAgent}/similar`),
  },
  'OPTIONS /api/categories': openRead,
  'OPTIONS /api/roles': openRead,
  'GET /api/directory/agents': page,
  'GET /api/directory/counts': page,
  'GET /api/providers/{slug}': {
    access: 'public',
    probe: get((w) => `/api/providers/${w.ids.providerSlug}`),
  },
  'POST /api/instantsearch/multi-search': {
    access: 'public',
    probe: () => ({ body: { requests: [{ indexName: 'agents', params: { query: 'support' } }] } }),
    csrfExempt: 'A read sent as POST (the InstantSearch protocol): it changes nothing.',
  },
  'POST /api/events': {
    access: 'public',
    probe: (w) => ({
      body: JSON.stringify({ type: 'clicked', agent_id: w.ids.listedAgent }),
      contentType: 'text/plain',
    }),
    csrfExempt:
      'navigator.sendBeacon cannot send a header; it adds to an anonymous click count only, rate-limited as a write.',
  },
  'POST /api/agents': {
    access: 'public',
    probe: (w) => ({ body: { ...agentBody(w), email: `${w.unique('reg')}@new.example` } }),
  },
  // "This is my product" about a listing nobody owns: anyone, the CSRF token, a daily cap per client.
  'POST /api/agents/{id}/ownership-reports': {
    access: 'public',
    probe: (w) => ({
      path: `/api/agents/${w.ids.listedAgent}/ownership-reports`,
      body: {
        name: 'Ada Lovelace',
        organization: 'Probe Labs',
        email: `${w.unique('maker')}@probe.example`,
        message: 'We make this product; the listing is not ours.',
      },
    }),
  },

  // Sessions and accounts.
  'GET /api/csrf-token': page,
  'GET /api/auth/me': page,
  'POST /api/auth/login': {
    access: 'public',
    freshBrowser: true,
    probe: (w) => ({ body: { email: w.users.otherProvider.email, password: WALK_PASSWORD } }),
  },
  'POST /api/auth/logout': { access: 'public', freshBrowser: true },
  'POST /api/auth/forgot-password': {
    access: 'public',
    probe: (w) => ({ body: { email: w.users.provider.email } }),
  },
  'POST /api/auth/reset-password': {
    access: 'capability',
    freshBrowser: true,
    probe: async (w) => ({
      body: { token: await w.newResetToken(), password: `${w.unique('new passphrase')} long` },
    }),
  },
  // The link counts only in the session of the account it was sent for (confirm-email.ts).
  'POST /api/auth/verify-email': {
    access: 'provider-owner',
    probe: async (w) => ({ body: { token: await w.newVerifyToken(w.users.provider.id) } }),
  },
  'POST /api/auth/resend-verification': { access: 'signed-in' },
  'POST /api/users': {
    access: 'public',
    freshBrowser: true,
    probe: (w) => ({
      body: {
        email: `${w.unique('signup')}@new.example`,
        password: WALK_PASSWORD,
        full_name: 'New Person',
        organization: 'New Org',
      },
    }),
  },
  'POST /api/users/{user_id}/subscription': {
    access: 'provider-owner',
    probe: get((w) => `/api/users/${w.users.provider.id}/subscription`),
    // The provider has paid already: "Your subscription is already active."
    alsoOk: [409],
  },
  'GET /api/users/agents': { access: 'signed-in' },
  'PUT /api/users/agents/{id}': {
    access: 'provider-owner',
    probe: (w) => ({ path: `/api/users/agents/${w.ids.ownAgent}`, body: agentBody(w) }),
  },
  'PUT /api/users/agents/{id}/profile': {
    access: 'provider-owner',
    probe: (w) => ({ path: `/api/users/agents/${w.ids.ownAgent}/profile`, body: PROFILE_PROBE }),
  },
  'DELETE /api/users/agents/{id}': {
    access: 'provider-owner',
    probe: get((w) => `/api/users/agents/${w.ids.ownAgentToDelete}`),
  },
  'PUT /api/users/profile': { access: 'signed-in', probe: () => ({ body: { full_name: 'Same Person' } }) },
  'GET /api/users/analytics': { access: 'signed-in' },

  // Subscriptions and the test-mode checkout.
  'POST /api/verify-session': {
    access: 'capability',
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

  // The provider's inbox.
  'GET /api/users/inbox': { access: 'signed-in' },
  'PUT /api/users/inbox/{id}/status': {
    access: 'provider-owner',
    probe: (w) => ({ path: `/api/users/inbox/${w.ids.providerRequest}/status`, body: { status: 'closed' } }),
  },
  'POST /api/users/inbox/{id}/reply': {
    access: 'provider-owner',
    probe: (w) => ({
      path: `/api/users/inbox/${w.ids.providerRequest}/reply`,
      body: { message: 'Yes, it does.' },
    }),
  },

  // Employer tools: also opened by an employer API key.
  'POST /api/employer/instantsearch/multi-search': {
    access: 'active-employer',
    apiKey: true,
    probe: () => ({ body: { requests: [{ indexName: 'agents', params: { query: '' } }] } }),
  },
  'GET /api/shortlists': { access: 'active-employer', apiKey: true },
  'POST /api/shortlists': {
    access: 'active-employer',
    apiKey: true,
    probe: (w) => ({ body: { name: w.unique('Finance') } }),
  },
  'PUT /api/shortlists/{id}': {
    access: 'active-employer',
    apiKey: true,
    probe: (w) => ({ path: `/api/shortlists/${w.ids.shortlist}`, body: { name: 'Helpdesk' } }),
  },
  'DELETE /api/shortlists/{id}': {
    access: 'active-employer',
    apiKey: true,
    probe: async (w) => ({ path: `/api/shortlists/${await w.newShortlist()}` }),
  },
  'POST /api/shortlists/{id}/agents': {
    access: 'active-employer',
    apiKey: true,
    probe: (w) => ({
      path: `/api/shortlists/${w.ids.shortlist}/agents`,
      body: { agent_id: w.ids.secondAgent },
    }),
  },
  'DELETE /api/shortlists/{id}/agents/{agentId}': {
    access: 'active-employer',
    apiKey: true,
    probe: get((w) => `/api/shortlists/${w.ids.shortlist}/agents/${w.ids.listedAgent}`),
  },
  // Saved searches (issue 28): the session only (a key neither reads nor changes them). The
  // unsubscribe link of a digest needs no session: its signed token is the capability.
  'GET /api/employer/saved-searches': { access: 'active-employer' },
  'POST /api/employer/saved-searches': {
    access: 'active-employer',
    probe: (w) => ({ body: { name: w.unique('Watch'), search: { query: 'support' }, alert: 'daily' } }),
  },
  'PUT /api/employer/saved-searches/{id}': {
    access: 'active-employer',
    probe: (w) => ({ path: `/api/employer/saved-searches/${w.ids.savedSearch}`, body: { alert: 'weekly' } }),
  },
  'DELETE /api/employer/saved-searches/{id}': {
    access: 'active-employer',
    probe: async (w) => ({ path: `/api/employer/saved-searches/${await w.newSavedSearch()}` }),
  },
  'POST /api/saved-searches/unsubscribe': {
    access: 'capability',
    probe: async (w) => ({ body: await w.newUnsubscribe() }),
  },
  'GET /api/compare': {
    access: 'active-employer',
    apiKey: true,
    probe: get((w) => `/api/compare?ids=${w.ids.listedAgent},${w.ids.secondAgent}`),
  },
  'POST /api/contact-requests': {
    access: 'active-employer',
    apiKey: true,
    // A new agent per call: one request per agent every 10 minutes.
    probe: async (w) => ({
      body: { agent_id: await w.newOwnAgent(), kind: 'demo', message: 'Could we see a demo?' },
    }),
  },
  'GET /api/employer/requests': { access: 'active-employer', apiKey: true },
  // Where a request stands for the employer (issue 28): set by them (or their key) only.
  'PUT /api/employer/requests/{id}/outcome': {
    access: 'active-employer',
    apiKey: true,
    probe: (w) => ({
      path: `/api/employer/requests/${w.ids.providerRequest}/outcome`,
      body: { outcome: 'talking' },
    }),
  },
  // The employer's answer in a request's conversation (issue 25).
  'POST /api/employer/requests/{id}/reply': {
    access: 'active-employer',
    apiKey: true,
    probe: (w) => ({
      path: `/api/employer/requests/${w.ids.providerRequest}/reply`,
      body: { message: 'Tuesday works for us.' },
    }),
  },
  // The keys themselves: managed with the session only (a key cannot make or revoke keys). Listing
  // and revoking stay open to a lapsed employer, so a key can be taken back whatever the plan.
  'GET /api/employer/api-keys': { access: 'employer-account' },
  'POST /api/employer/api-keys': {
    access: 'active-employer',
    probe: (w) => ({ body: { name: w.unique('Probe key') } }),
  },
  'DELETE /api/employer/api-keys/{id}': {
    access: 'employer-account',
    probe: async (w, caller) => ({ path: `/api/employer/api-keys/${await w.newApiKeyId(caller)}` }),
  },

  // Employer teams (issue 28): the subscriber names the team and invites with the active plan;
  // reading the team, cancelling an invitation and removing a member need an employer account (a
  // lapsed subscriber still trims the team). The link's page is read by whoever holds the link.
  'GET /api/employer/team': { access: 'employer-account' },
  'PUT /api/employer/team': {
    access: 'active-employer',
    probe: () => ({ body: { name: 'Acme Hiring' } }),
  },
  'POST /api/employer/team/invitations': {
    access: 'active-employer',
    probe: (w) => ({ body: { email: `${w.unique('colleague')}@acme.example` } }),
    // The plan's seats fill up as the walk invites: a full team is a business answer.
    alsoOk: [409],
  },
  'DELETE /api/employer/team/invitations/{id}': {
    access: 'employer-account',
    probe: async (w, caller) => ({
      path: `/api/employer/team/invitations/${(await w.newInvitation(caller)).id}`,
    }),
  },
  'DELETE /api/employer/team/members/{userId}': {
    access: 'employer-account',
    probe: async (w, caller) => ({ path: `/api/employer/team/members/${await w.newTeamMember(caller)}` }),
  },
  'GET /api/team-invitations/{token}': {
    access: 'capability',
    probe: async (w) => ({ path: `/api/team-invitations/${(await w.newInvitation('employer')).token}` }),
  },
  'POST /api/team-invitations/accept': {
    access: 'employer-account',
    // A link sent to another address: accepting it would move the walk's employer into another
    // team. The employers are refused as the wrong account (403) after every other check passed.
    probe: async (w) => ({ body: { token: (await w.newInvitation('employer')).token } }),
    alsoOk: [403],
  },

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

  // The admin API (its own session cookie, sent to /api/admin only).
  'GET /api/admin/csrf-token': page,
  'POST /api/admin/login': {
    access: 'public',
    freshBrowser: true,
    probe: () => ({ body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } }),
  },
  // The second step of a staff sign-in with TOTP: its authority is the password step this session
  // passed a moment ago, which no caller of the walk has (401 "enter your password again"); the
  // step itself is proved in routes/api/admin/admin-totp.test.ts.
  'POST /api/admin/login/totp': {
    access: 'public',
    freshBrowser: true,
    probe: () => ({ body: { code: '123456' } }),
    alsoOk: [401],
  },
  'POST /api/admin/logout': { access: 'admin', freshBrowser: true },
  'GET /api/admin/me': { access: 'admin' },
  'GET /api/admin/stats': { access: 'admin' },
  'GET /api/admin/mcp-usage': { access: 'admin' },
  'GET /api/admin/inbox': { access: 'admin' },
  'PUT /api/admin/inbox/{id}/status': {
    access: 'admin',
    probe: (w) => ({ path: `/api/admin/inbox/${w.ids.adminRequest}/status`, body: { status: 'closed' } }),
  },
  'POST /api/admin/inbox/{id}/reply': {
    access: 'admin',
    probe: (w) => ({
      path: `/api/admin/inbox/${w.ids.adminRequest}/reply`,
      body: { message: 'Thank you, we will ask.' },
    }),
  },
  'GET /api/admin/agents': { access: 'admin' },
  'POST /api/admin/agents': { access: 'admin', probe: (w) => ({ body: agentBody(w) }) },
  'PUT /api/admin/agents/{id}': {
    access: 'admin',
    probe: (w) => ({ path: `/api/admin/agents/${w.ids.adminAgent}`, body: agentBody(w) }),
  },
  'GET /api/admin/agents/{id}/profile': {
    access: 'admin',
    probe: get((w) => `/api/admin/agents/${w.ids.adminAgent}/profile`),
  },
  'PUT /api/admin/agents/{id}/profile': {
    access: 'admin',
    probe: (w) => ({ path: `/api/admin/agents/${w.ids.adminAgent}/profile`, body: PROFILE_PROBE }),
  },
  'DELETE /api/admin/agents/{id}': {
    access: 'admin',
    probe: get((w) => `/api/admin/agents/${w.ids.adminAgentToDelete}`),
  },
  'POST /api/admin/agents/{id}/restore': {
    access: 'admin',
    probe: get((w) => `/api/admin/agents/${w.ids.removedAgent}/restore`),
  },
  'GET /api/admin/review-queue': { access: 'admin' },
  'POST /api/admin/review-queue/{id}/approve': {
    access: 'admin',
    probe: async (w) => ({ path: `/api/admin/review-queue/${await w.newHeldAgent()}/approve` }),
  },
  'POST /api/admin/review-queue/{id}/reject': {
    access: 'admin',
    probe: async (w) => ({ path: `/api/admin/review-queue/${await w.newHeldAgent()}/reject` }),
  },
  'GET /api/admin/subscribers': { access: 'admin' },
  'PUT /api/admin/subscribers/{id}/subscription-status': {
    access: 'admin',
    probe: (w) => ({
      path: `/api/admin/subscribers/${w.ids.subscriberToSwitch}/subscription-status`,
      body: { subscription_status: 'active' },
    }),
  },
  'POST /api/admin/upload': {
    access: 'admin',
    probe: (w) => ({ file: { bytes: w.workbook, name: 'agents.xlsx' } }),
  },
  'GET /api/admin/download-agents': { access: 'admin' },
  'POST /api/admin/reindex': { access: 'admin' },
  'GET /api/admin/reindex': { access: 'admin' },
  'GET /api/admin/audit': { access: 'admin' },
  // Provider spellings (issue 25): the likely duplicates and their merge (a spelling no agent carries: nothing moves).
  'GET /api/admin/providers/duplicates': { access: 'admin' },
  'POST /api/admin/providers/merge': {
    access: 'admin',
    probe: () => ({ body: { from: ['No Such Provider Spelling'], into: 'nosuchprovider.com' } }),
  },
  // Trust (issue 26): broken links, domains, the review queue, listings claimed by domain proof.
  'GET /api/admin/link-checks': { access: 'admin' },
  'GET /api/admin/verifications': { access: 'admin' },
  'POST /api/admin/verifications/{id}/recheck': {
    access: 'admin',
    probe: get((w) => `/api/admin/verifications/${w.ids.providerDomain}/recheck`),
  },
  'GET /api/admin/reviews': { access: 'admin' },
  'POST /api/admin/reviews/{id}/hide': {
    access: 'admin',
    probe: (w) => ({ path: `/api/admin/reviews/${w.ids.review}/hide`, body: { reason: 'Probe' } }),
  },
  'POST /api/admin/reviews/{id}/restore': {
    access: 'admin',
    probe: (w) => ({ path: `/api/admin/reviews/${w.ids.review}/restore`, body: { reason: 'Probe' } }),
  },
  'GET /api/admin/listing-claims': { access: 'admin' },
  'POST /api/admin/listing-claims/{id}/reverse': {
    access: 'admin',
    probe: async (w) => ({
      path: `/api/admin/listing-claims/${await w.newListingClaim()}/reverse`,
      body: { reason: 'Probe' },
    }),
  },

  // Web pages: the client's shell with crawler meta, public; what a screen shows comes from the API
  // above, which checks the rights (an admin screen's HTML holds no data).
  'GET /index.html': page,
  'GET /': page,
  'GET /directory': page,
  'GET /agents/{id}': { access: 'public', probe: get((w) => `/agents/${w.ids.listedAgent}`) },
  'GET /for-ai-assistants': page,
  'GET /privacy': page,
  'GET /terms': page,
  'GET /ranking-policy': page,
  'GET /register-agent': page,
  'GET /account-setup': page,
  'GET /subscription/success': page,
  'GET /subscription/cancel': page,
  'GET /subscription/manage': page,
  'GET /signin': page,
  'GET /employer-signup': page,
  'GET /dashboard': page,
  'GET /employer-dashboard': page,
  'GET /forgot-password': page,
  'GET /reset-password': page,
  'GET /verify-email': page,
  'GET /join-team': page,
  'GET /checkout/test/{sessionId}': {
    access: 'public',
    probe: get((w) => `/checkout/test/${w.ids.openCheckout}`),
  },
  'GET /employer/search': page,
  'GET /compare': page,
  'GET /saved-searches/unsubscribe': page,
  'GET /admin': page,
  'GET /admin/directory': page,
  'GET /rjs': page,
  'GET /providers/{slug}': { access: 'public', probe: get((w) => `/providers/${w.ids.providerSlug}`) },
  'GET /sitemap.xml': page,
  'GET /sitemap-pages.xml': page,
  'GET /^\\/sitemap-agents-([1-9]\\d{0,5})\\.xml$/': {
    access: 'public',
    probe: () => ({ path: '/sitemap-agents-1.xml' }),
  },
  'GET /robots.txt': page,
};
