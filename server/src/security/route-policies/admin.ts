import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../testing/visitor';
import { agentBody, get, PROFILE_PROBE, page, type RoutePolicy } from './policy';

// The admin API.
// One part of ROUTE_POLICIES (../route-policies.ts), in the order of the app.

export const ADMIN: Record<string, RoutePolicy> = {
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
  // Answers anyone (admin null when signed out); what it tells a signed-in admin is /me's answer.
  'GET /api/admin/session': page,
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
};
