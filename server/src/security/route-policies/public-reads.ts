import { agentBody, get, openRead, page, type RoutePolicy } from './policy';

// The public reads (any origin, no credentials), their preflights, and what anyone may send.
// One part of ROUTE_POLICIES (../route-policies.ts), in the order of the app.

export const PUBLIC_READS: Record<string, RoutePolicy> = {
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
  // An agent's logo as we store it (issue 25): public, same-origin (no CORS), cached for a year.
  'GET /api/logos/{hash}': { access: 'public', probe: get((w) => `/api/logos/${w.ids.logoHash}`) },
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
  // A page of the provider's agents (issue 25), as the provider page asks for it.
  'GET /api/providers/{slug}': {
    access: 'public',
    probe: get((w) => `/api/providers/${w.ids.providerSlug}?limit=24&offset=0`),
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
};
