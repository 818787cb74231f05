import { createLogger } from '@agentry/platform/log/logger';
import type { Mailer, MailMessage } from '@agentry/platform/mail/port';
import { type LocalDns, startLocalDns } from '@agentry/platform/outbound/testing/local-dns';
import { type LocalSites, startLocalSites } from '@agentry/platform/outbound/testing/local-sites';
import { FixedWindowLimiter } from '@agentry/platform/rate-limit/fixed-window-limiter';
import type { Store } from '@agentry/platform/store/port';
import { LinkChecker } from '../link-checker';
import { type Outbound, outboundFromConfig } from '../outbound';

// The link checker's tests (link-checker.test.ts, site-icons.test.ts) in one world: local sites
// that answer, redirect, time out, refuse, go missing, or sit on a private address, their names
// served by a local DNS server, both kept for a file's tests; a fresh embedded store, a mailbox and
// a clock the test moves, for each test.

/** Where one request to a host a second is not what a test is about, a faster pace keeps it short. */
export const QUICK_HOST_INTERVAL_MS = 100;

type LinkCheckerDeps = ConstructorParameters<typeof LinkChecker>[0];

class LinkCheckWorld {
  dns!: LocalDns;
  sites!: LocalSites;
  /** A fresh embedded store for each test; a test may wrap it (and put it back). */
  store!: Store;
  /** The clock the checker reads: a test moves it. */
  now = 0;
  /** The mail the checker sent in this test. */
  sent: MailMessage[] = [];

  readonly mailer: Mailer = {
    kind: 'outbox',
    send: async (message) => {
      this.sent.push(message);
      return { messageId: `<${this.sent.length}@test>` };
    },
    verify: async () => undefined,
    close: async () => undefined,
  };

  readonly outbound = (allowLoopback = true): Outbound =>
    outboundFromConfig({
      OUTBOUND_DNS_SERVERS: this.dns.server,
      OUTBOUND_ALLOW_LOOPBACK: allowLoopback,
      // Each fetch's budget: the hanging site uses all of it, a local site that answers needs a few
      // milliseconds, or more than 800 on a busy machine (it was 800, and could time out).
      LINK_CHECK_TIMEOUT_MS: 2_500,
      publicUrl: 'https://agentry.example',
    });

  /** What a LinkChecker is given: this world's store, mailbox and clock (or the one passed). */
  readonly deps = (now: () => number = () => this.now): LinkCheckerDeps => ({
    store: this.store,
    mailer: this.mailer,
    logger: createLogger('silent', 'test'),
    config: { publicUrl: 'https://agentry.example' },
    now,
    recipientLimiter: new FixedWindowLimiter(100, 60_000),
  });

  readonly checker = (options: { allowLoopback?: boolean } = {}) =>
    new LinkChecker(this.deps(), this.outbound(options.allowLoopback ?? true), {
      intervalMs: 24 * 3600_000,
      concurrency: 4,
      maxPerSecond: 100,
      hostIntervalMs: QUICK_HOST_INTERVAL_MS,
    });

  readonly agentAt = (name: string, address: string, ownerId: string | null = null) =>
    this.store.agents.create({
      name,
      provider: 'Sites Inc',
      category: 'Testing',
      role: 'Checker',
      description: `${name} lives at ${address}`,
      cost: 'Free',
      address,
      owner_id: ownerId,
    });
}

/**
 * The world, its servers started before the file's tests and its store fresh for each test, from
 * `openStore` (a test file may stand up the embedded adapter; this helper may not import it).
 */
export function setUpLinkCheckWorld(openStore: () => Store): LinkCheckWorld {
  const world = new LinkCheckWorld();
  beforeAll(async () => {
    world.dns = await startLocalDns();
    world.sites = await startLocalSites();
  });
  afterAll(async () => {
    await world.sites.close();
    await world.dns.close();
  });
  beforeEach(() => {
    world.store = openStore();
    world.now = Date.parse('2026-11-20T10:00:00.000Z');
    world.sent = [];
  });
  afterEach(() => world.store.close());
  return world;
}
