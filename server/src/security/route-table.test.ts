import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@agentry/platform/log/logger';
import { OutboxMailer } from '@agentry/platform/mail/factory';
import { type LocalDns, startLocalDns } from '@agentry/platform/outbound/testing/local-dns';
import type { Response } from 'supertest';
import { createApp } from '../app';
import { CSRF_MESSAGE } from '../http/csrf';
import { createFakeClientDist } from '../testing/fake-client-dist';
import { type RoutesLister, registeredRoutes } from '../testing/registered-routes';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ADMIN_ENV, ADMIN_PASSWORD } from '../testing/visitor';
import { CALLERS, type Caller, isKeyCaller, WALK_PASSWORD } from './callers';
import { expectedOutcome, matches, ROUTE_POLICIES, type RoutePolicy } from './route-policies';
import { seedWorld, type World } from './world';

// Every route of the app, read from its routers (web pages, /mcp and the admin API included), is
// called as each kind of caller: a visitor, a subscribed provider who owns the things the routes
// name, another provider, an active employer, an employer whose subscription ran out, an admin,
// and programs with an employer API key (the active employer's, and the lapsed employer's).
// Each answer is checked against the declared policy (route-policies.ts), every state change is
// sent once without its CSRF token first, and every answer and log line of the whole walk is then
// searched for the secrets the server holds.

const LIMITLESS = '100000';
const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('hex')}`;
const SMTP_PASSWORD = secret('smtp-pass-');
const ENV = {
  ...ADMIN_ENV,
  RATE_LIMIT_READS_PER_MINUTE: LIMITLESS,
  RATE_LIMIT_WRITES_PER_MINUTE: LIMITLESS,
  RATE_LIMIT_LOGINS_PER_15_MINUTES: LIMITLESS,
  RATE_LIMIT_SIGN_IN_ATTEMPTS_PER_15_MINUTES: LIMITLESS,
  SIGN_IN_ACCOUNT_FREE_ATTEMPTS: LIMITLESS,
  RATE_LIMIT_SIGNUPS_PER_HOUR: LIMITLESS,
  RATE_LIMIT_ADDRESS_LESS_PER_DAY: LIMITLESS,
  RATE_LIMIT_OWNERSHIP_REPORTS_PER_DAY: LIMITLESS,
  SESSION_SECRET: secret('session-'),
  // Test-mode checkout (the walk pays through it), with Stripe's secrets configured all the same.
  PAYMENTS_MODE: 'test',
  STRIPE_SECRET_KEY: secret('sk_test_'),
  STRIPE_WEBHOOK_SECRET: secret('whsec_'),
  SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:2525`,
  RATE_LIMIT_REVIEWS_PER_HOUR: LIMITLESS,
  RATE_LIMIT_REVIEW_REPORTS_PER_HOUR: LIMITLESS,
  RATE_LIMIT_VERIFICATION_CHECKS_PER_HOUR: LIMITLESS,
};

const ELSEWHERE = 'https://elsewhere.example';
const STATE_CHANGING = /^(POST|PUT|PATCH|DELETE) /;

describe('the route table, walked as every kind of caller', () => {
  let server: TestServer;
  let world: World;
  let routes: string[];
  let clock = Date.now();
  const dist = createFakeClientDist();
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-outbox-'));
  const logLines: string[] = [];
  const answers: string[] = [];
  const mismatches: string[] = [];
  const csrfMisses: string[] = [];
  const corsMisses: string[] = [];
  const cacheMisses: string[] = [];
  const checkouts: string[] = [];
  let csrfChecks = 0;

  const keep = (response: Response) => {
    answers.push(response.text ?? '', JSON.stringify(response.headers));
    return response;
  };

  /** Calls the route as the caller (first without its CSRF token, if it changes anything) and notes what differs. */
  async function callAs(caller: Caller, route: string, policy: RoutePolicy): Promise<void> {
    const [method, template] = route.split(' ') as [string, string];
    const described = await policy.probe?.(world, caller);
    // As from a page on another site: only public reads may be readable there (CORS).
    const probe = { path: template, ...described, headers: { Origin: ELSEWHERE, ...described?.headers } };
    if (/[{}^$]/.test(probe.path)) {
      mismatches.push(`${route} as ${caller}: its probe must fill in the path (${probe.path})`);
      return;
    }
    // A request with an employer API key needs no CSRF token where the key opens the route: it
    // carries no cookie a forged request could ride on. Everywhere else the key caller is a visitor.
    const bearerOnly = isKeyCaller(caller) && policy.apiKey;
    if (STATE_CHANGING.test(route) && !policy.csrfExempt && !bearerOnly) {
      csrfChecks += 1;
      const refused = keep(await world.browsers[caller].send(method, probe, false));
      // The admin API asks for an admin before the token: anyone else is refused with 401 anyway.
      const expected = policy.access === 'admin' && caller !== 'admin' ? 401 : 403;
      const csrfAnswer = expected === 403 ? refused.body.error === CSRF_MESSAGE : true;
      if (refused.status !== expected || !csrfAnswer)
        csrfMisses.push(
          `${route} as ${caller} without a token: ${refused.status} ${refused.text?.slice(0, 120)}`,
        );
    }
    const browser = policy.freshBrowser ? await world.freshBrowser(caller) : world.browsers[caller];
    const response = keep(await browser.send(method, probe, true));
    const origin = response.headers['access-control-allow-origin'];
    if (
      response.headers['access-control-allow-credentials'] ||
      Boolean(origin) !== Boolean(policy.crossOrigin)
    )
      corsMisses.push(`${route} as ${caller}: Access-Control-Allow-Origin ${origin}`);
    const personal = !['public', 'capability'].includes(policy.access);
    if (
      personal &&
      method === 'GET' &&
      response.status < 300 &&
      !/no-store/.test(response.headers['cache-control'] ?? '')
    )
      cacheMisses.push(`${route} as ${caller}: Cache-Control ${response.headers['cache-control']}`);
    const outcome = expectedOutcome(policy, caller);
    if (!matches(outcome, response.status, policy.alsoOk)) {
      mismatches.push(
        `${route} as ${caller}: expected ${outcome}, got ${response.status} ${response.text?.slice(0, 160)}`,
      );
    }
  }

  let dns: LocalDns;

  beforeAll(async () => {
    // Proof checks ask DNS and the sites: a local DNS server that knows no name, so nothing leaves.
    dns = await startLocalDns();
    const logger = createLogger('trace', 'test', { write: (line: string) => logLines.push(line) });
    // SMTP_URL is configured (its password must never show) but mail goes to a local outbox.
    const mailer = new OutboxMailer({ dir: outbox, from: 'Agentry <no-reply@agentry.local>', logger });
    server = await startTestServer(
      { ...ENV, OUTBOUND_DNS_SERVERS: dns.server },
      { clientDist: dist.dir, now: () => clock, logger, mailer },
    );
    routes = [
      ...new Set(registeredRoutes(createApp(server.running.context).router as unknown as RoutesLister)),
    ];
    world = await seedWorld({
      context: server.running.context,
      url: server.running.url,
      advanceClock: (ms) => {
        clock += ms;
      },
    });
    const newCheckout = world.newCheckout;
    world.newCheckout = async () => {
      const id = await newCheckout();
      checkouts.push(id);
      return id;
    };
    checkouts.push(world.ids.openCheckout, world.ids.paidCheckout);

    for (const route of routes) {
      const policy = ROUTE_POLICIES[route];
      if (!policy) continue; // reported below
      // The refused first: a delete by its owner must not hide that another's delete went through.
      const callers = [...CALLERS].sort(
        (a, b) => Number(expectedOutcome(policy, a) === 'ok') - Number(expectedOutcome(policy, b) === 'ok'),
      );
      // Calls that sign in, out or up use a browser of their own: those run side by side.
      if (policy.freshBrowser) await Promise.all(callers.map((caller) => callAs(caller, route, policy)));
      else for (const caller of callers) await callAs(caller, route, policy);
    }
    // Background work of the walk (mail, the reindex) logs too.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
    await dns?.close();
    dist.remove();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('reads every route from the routers: API, admin API, /mcp, probes and web pages (sanity check)', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /livez',
        'POST /mcp',
        'POST /api/stripe/webhook',
        'DELETE /api/admin/agents/{id}',
        'PUT /api/users/agents/{id}',
        'GET /api/shortlists',
        'GET /agents/{id}',
      ]),
    );
  });

  it('declares a policy for every route: a new route fails here until it is added', () => {
    const missing = routes.filter((route) => !ROUTE_POLICIES[route]);
    if (missing.length > 0) {
      throw new Error(
        `Routes without a declared policy:\n  ${missing.join('\n  ')}\nAdd each to ROUTE_POLICIES in server/src/security/route-policies.ts (who may call it, and a probe if it takes parameters).`,
      );
    }
  });

  it('declares no route that the app does not have', () => {
    expect(Object.keys(ROUTE_POLICIES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('answers every caller of every route as its policy says', () => {
    expect(mismatches).toEqual([]);
  });

  it('refuses every state change without its CSRF token, except the declared exemptions', () => {
    expect(csrfChecks).toBeGreaterThan(35 * CALLERS.length);
    expect(csrfMisses).toEqual([]);
  });

  it('lets pages elsewhere read the public reads and /mcp only, never with credentials (CORS)', () => {
    expect(corsMisses).toEqual([]);
  });

  it('marks every answer about a person or for staff as not to be stored by any cache', () => {
    expect(cacheMisses).toEqual([]);
  });

  describe('secrets', () => {
    let secrets: Record<string, string>;

    beforeAll(async () => {
      const { store, config, sessionSecret } = server.running.context;
      const users = await store.users.list();
      const hashes = await Promise.all(
        users.map(async (user) => (await store.users.findByEmailWithSecret(user.email))!.password_hash),
      );
      const admin = await store.admins.findByUsernameWithSecret(ADMIN_ENV.ADMIN_USERNAME);
      hashes.push(admin!.password_hash);
      secrets = {
        'session secret': sessionSecret,
        'Stripe secret key': config.STRIPE_SECRET_KEY!,
        'Stripe webhook secret': config.STRIPE_WEBHOOK_SECRET!,
        'SMTP password': SMTP_PASSWORD,
        'admin password': ADMIN_PASSWORD,
        'user password': WALK_PASSWORD,
        ...Object.fromEntries(
          hashes.map((hash, index) => [`password hash ${index}`, hash.split('$').at(-1)!]),
        ),
        ...Object.fromEntries(world.issuedTokens.map((token, index) => [`one-time token ${index}`, token])),
        // Sent as Authorization on every request of the key callers: never echoed, never logged.
        'employer API key': world.apiKeys.employer,
        'lapsed employer API key': world.apiKeys.lapsed,
      };
      expect(sessionSecret).toBe(ENV.SESSION_SECRET);
      expect(users.length).toBeGreaterThan(10);
    });

    it('puts none in any answer of the walk', () => {
      const bodies = answers.join('\n');
      expect(answers.length).toBeGreaterThan(500);
      expect(Object.entries(secrets).filter(([, value]) => bodies.includes(value))).toEqual([]);
    });

    it('writes none in any log line of the walk, nor a checkout id (a capability)', () => {
      const logs = logLines.join('\n');
      expect(logLines.length).toBeGreaterThan(500);
      const capabilities = Object.fromEntries(checkouts.map((id, index) => [`checkout ${index}`, id]));
      expect(
        Object.entries({ ...secrets, ...capabilities }).filter(([, value]) => logs.includes(value)),
      ).toEqual([]);
    });
  });
});
