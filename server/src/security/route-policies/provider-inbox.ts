import { type RoutePolicy } from './policy';

// The provider's inbox of contact and demo requests.
// One part of ROUTE_POLICIES (../route-policies.ts), in the order of the app.

export const PROVIDER_INBOX: Record<string, RoutePolicy> = {
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
};
