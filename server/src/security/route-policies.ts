import { type Caller, isKeyCaller } from './callers';
import { ACCOUNTS } from './route-policies/accounts';
import { ADMIN } from './route-policies/admin';
import { EMPLOYER_TOOLS } from './route-policies/employer-tools';
import type { Access, RoutePolicy } from './route-policies/policy';
import { MCP, PROBES_AND_DISCOVERY } from './route-policies/probes-and-mcp';
import { PROVIDER_INBOX } from './route-policies/provider-inbox';
import { PUBLIC_READS } from './route-policies/public-reads';
import { STRIPE_WEBHOOK, SUBSCRIPTIONS } from './route-policies/subscriptions';
import { TEAMS } from './route-policies/teams';
import { TRUST } from './route-policies/trust';
import { WEB_PAGES } from './route-policies/web-pages';

// Who may call each route of the app, declared once, beside the test that walks every route as
// every kind of caller (route-table.test.ts). A route the app has and this table lacks fails that
// test: add it here with its access and, if it takes parameters or a body, its probe.
// The table is one file per part of the app under route-policies/, put together here in the
// app's order.

export type { Access, RoutePolicy };

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

export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  ...PROBES_AND_DISCOVERY,
  ...STRIPE_WEBHOOK,
  ...MCP,
  ...PUBLIC_READS,
  ...ACCOUNTS,
  ...SUBSCRIPTIONS,
  ...PROVIDER_INBOX,
  ...EMPLOYER_TOOLS,
  ...TEAMS,
  ...TRUST,
  ...ADMIN,
  ...WEB_PAGES,
};
