import { get, type RoutePolicy } from './policy';

// Employer tools (shortlists, compare, requests, saved searches, API keys).
// One part of ROUTE_POLICIES (../route-policies.ts), in the order of the app.

export const EMPLOYER_TOOLS: Record<string, RoutePolicy> = {
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
};
