import type { InboxContactRequest } from '../../../lib/api/contact-requests';
import type { FakeRoute } from '../../../testing/mock-fetch';
import type { AdminAgent } from '../api/get-admin-agents';
import type { Subscriber } from '../api/subscribers';
import { makeStats } from './admin-fixtures';

// The admin API as the dashboard first reads it, for tests. Lists read their rows from `db` at
// each request, so a test changes what the next read answers.

export const CSRF_TOKEN = 'admin-csrf-1';

/** Nobody signed in: GET /api/admin/session says so with 200 (GET /api/admin/me would answer 401). */
export const signedOut: FakeRoute = {
  path: '/api/admin/session',
  body: { success: true, admin: null },
};
export const signedIn: FakeRoute = {
  path: '/api/admin/session',
  body: { success: true, admin: { username: 'grace' }, csrf_token: CSRF_TOKEN },
};

/** The sign-in form's token: a fresh admin session's (GET /api/admin/csrf-token). */
export const adminCsrfToken: FakeRoute = {
  path: '/api/admin/csrf-token',
  body: { success: true, csrf_token: 'admin-login-csrf' },
};

export interface FakeAdminDb {
  agents: AdminAgent[];
  /** The total the agents list reports (defaults to how many agents there are). */
  total?: number;
  subscribers: Subscriber[];
  /** The admin inbox's requests (none when left out). */
  inbox?: InboxContactRequest[];
  /** Agents in the review queue (none when left out). */
  reviewQueue?: AdminAgent[];
}

export function dashboardRoutes(db: FakeAdminDb): FakeRoute[] {
  return [
    { path: '/api/admin/stats', body: makeStats() },
    {
      path: /^\/api\/admin\/agents\?/,
      get body() {
        return { success: true, agents: db.agents, total: db.total ?? db.agents.length };
      },
    },
    { path: '/api/categories', body: ['Finance', 'Legal'] },
    { path: /^\/api\/roles\?/, body: ['Bookkeeper', 'Accountant'] },
    {
      path: /^\/api\/admin\/subscribers\?/,
      get body() {
        return { success: true, subscribers: db.subscribers, total: db.subscribers.length };
      },
    },
    { path: '/api/admin/reindex', body: { success: true, job: null } },
    { path: /^\/api\/admin\/audit\?/, body: { success: true, entries: [], total: 0 } },
    { path: '/api/admin/mcp-usage', body: { success: true, weeks: [] } },
    { path: '/api/admin/providers/duplicates', body: { success: true, groups: [], complete: true } },
    {
      path: /^\/api\/admin\/review-queue\?/,
      get body() {
        const queue = db.reviewQueue ?? [];
        return { success: true, agents: queue, total: queue.length };
      },
    },
    // Trust (issue 26): nothing to moderate, no domains, claims or unreachable listings.
    { path: /^\/api\/admin\/reviews\?/, body: { success: true, reviews: [], total: 0 } },
    { path: /^\/api\/admin\/verifications\?/, body: { success: true, domains: [], total: 0 } },
    { path: /^\/api\/admin\/listing-claims\?/, body: { success: true, claims: [], total: 0 } },
    { path: /^\/api\/admin\/link-checks\?/, body: { success: true, listings: [], total: 0 } },
    {
      path: /^\/api\/admin\/inbox\?/,
      get body() {
        const inbox = db.inbox ?? [];
        const count = (status: string) => inbox.filter((request) => request.status === status).length;
        return {
          success: true,
          requests: inbox,
          total: inbox.length,
          counts: { new: count('new'), replied: count('replied'), closed: count('closed') },
        };
      },
    },
  ];
}
