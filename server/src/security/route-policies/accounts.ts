import { WALK_PASSWORD } from '../callers';
import { agentBody, get, PROFILE_PROBE, page, type RoutePolicy } from './policy';

// Sessions and accounts: signing in, up and out, e-mail links, the provider's own agents.
// One part of ROUTE_POLICIES (../route-policies.ts), in the order of the app.

export const ACCOUNTS: Record<string, RoutePolicy> = {
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
  // Logos (issue 25): the provider's upload and its removal.
  'PUT /api/users/agents/{id}/logo': {
    access: 'provider-owner',
    probe: (w) => ({
      path: `/api/users/agents/${w.ids.ownAgent}/logo`,
      file: { bytes: w.logo, name: 'logo.png' },
    }),
  },
  'DELETE /api/users/agents/{id}/logo': {
    access: 'provider-owner',
    probe: get((w) => `/api/users/agents/${w.ids.ownAgent}/logo`),
  },
  'DELETE /api/users/agents/{id}': {
    access: 'provider-owner',
    probe: get((w) => `/api/users/agents/${w.ids.ownAgentToDelete}`),
  },
  'PUT /api/users/profile': { access: 'signed-in', probe: () => ({ body: { full_name: 'Same Person' } }) },
  'GET /api/users/analytics': { access: 'signed-in' },
};
