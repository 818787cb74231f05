import { get, page, type RoutePolicy } from './policy';

// Web pages: the client shell with crawler meta.
// One part of ROUTE_POLICIES (../route-policies.ts), in the order of the app.

export const WEB_PAGES: Record<string, RoutePolicy> = {
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
