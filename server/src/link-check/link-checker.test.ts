import { logoPath } from '@agentry/domain/logo-image';
import { createLogger } from '@agentry/platform/log/logger';
import type { Mailer, MailMessage } from '@agentry/platform/mail/port';
import type { HostPacer } from '@agentry/platform/outbound/host-pacer';
import { type LocalDns, startLocalDns } from '@agentry/platform/outbound/testing/local-dns';
import { closedPort, type LocalSites, startLocalSites } from '@agentry/platform/outbound/testing/local-sites';
import { solidPng } from '@agentry/platform/outbound/testing/pictures';
import { FixedWindowLimiter } from '@agentry/platform/rate-limit/fixed-window-limiter';
import type { Store } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { ICON_REFRESH_MS, LinkChecker } from './link-checker';
import { RETRY_AFTER_MS } from './link-state';
import { type Outbound, outboundFromConfig } from './outbound';

// The link checker against local sites that answer, redirect, time out, refuse, go missing, or sit
// on a private address, their names served by a local DNS server; a real (embedded) store; a clock
// the test moves. No test here reads the wall clock to decide: the pace per host is checked at the
// pacer's own turns, the fair share between hosts by the order requests come in.

/** Where one request to a host a second is not what a test is about, a faster pace keeps it short. */
const QUICK_HOST_INTERVAL_MS = 100;

let dns: LocalDns;
let sites: LocalSites;
let store: Store;
let now: number;
let sent: MailMessage[];

const mailer: Mailer = {
  kind: 'outbox',
  send: async (message) => {
    sent.push(message);
    return { messageId: `<${sent.length}@test>` };
  },
  verify: async () => undefined,
  close: async () => undefined,
};

beforeAll(async () => {
  dns = await startLocalDns();
  sites = await startLocalSites();
});
afterAll(async () => {
  await sites.close();
  await dns.close();
});
beforeEach(() => {
  store = openSqliteStore(':memory:');
  now = Date.parse('2026-11-20T10:00:00.000Z');
  sent = [];
});
afterEach(() => store.close());

function outbound(allowLoopback = true): Outbound {
  return outboundFromConfig({
    OUTBOUND_DNS_SERVERS: dns.server,
    OUTBOUND_ALLOW_LOOPBACK: allowLoopback,
    // Each fetch's budget: the hanging site uses all of it, a local site that answers needs a few
    // milliseconds, or more than 800 on a busy machine (it was 800, and could time out).
    LINK_CHECK_TIMEOUT_MS: 2_500,
    publicUrl: 'https://agentry.example',
  });
}

function checker(options: { allowLoopback?: boolean } = {}) {
  return new LinkChecker(
    {
      store,
      mailer,
      logger: createLogger('silent', 'test'),
      config: { publicUrl: 'https://agentry.example' },
      now: () => now,
      recipientLimiter: new FixedWindowLimiter(100, 60_000),
    },
    outbound(options.allowLoopback ?? true),
    {
      intervalMs: 24 * 3600_000,
      concurrency: 4,
      maxPerSecond: 100,
      hostIntervalMs: QUICK_HOST_INTERVAL_MS,
    },
  );
}

async function agentAt(name: string, address: string, ownerId: string | null = null) {
  return store.agents.create({
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

describe('the link checker', () => {
  it("reads the catalog without the agents' trust signals, which a check never uses", async () => {
    sites.set('up.test', {});
    const up = await agentAt('Up', `${sites.origin('up.test')}/`);
    const asked: unknown[] = [];
    const plain = store;
    store = {
      ...plain,
      agents: {
        ...plain.agents,
        scan: (batchSize, afterId, options) => {
          asked.push(options);
          return plain.agents.scan(batchSize, afterId, options);
        },
      },
    };
    expect((await checker().runOnce()).checked).toBe(1);
    expect(await plain.linkChecks.get(up.id)).toMatchObject({ state: 'up' });
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((options) => (options as { trust?: boolean } | undefined)?.trust === false)).toBe(
      true,
    );
    store = plain;
  });

  it('records each state: answered, redirected, timed out, refused, missing, and what a retry confirms', async () => {
    const owner = await store.users.create({
      email: 'ada@sites.example',
      full_name: 'Ada',
      organization: 'Sites Inc',
      user_type: 'agent_provider',
      password_hash: 'x',
    });
    sites.set('up.test', {});
    sites.set('moved.test', { redirectTo: `${sites.origin('up.test')}/landing` });
    sites.set('slow.test', { hang: true });
    sites.set('gone.test', { status: 404 });
    const port = await closedPort();
    const up = await agentAt('Up', `${sites.origin('up.test')}/`);
    const moved = await agentAt('Moved', `${sites.origin('moved.test')}/`);
    const slow = await agentAt('Slow', `${sites.origin('slow.test')}/`);
    const refused = await agentAt('Refused', `http://refused.test:${port}/`, owner.id);
    const gone = await agentAt('Gone', `${sites.origin('gone.test')}/`);

    const first = await checker().runOnce();
    expect(first.checked).toBe(5);
    const record = async (id: string) => (await store.linkChecks.get(id))!;
    expect(await record(up.id)).toMatchObject({ state: 'up', outcome: 'answered', http_status: 200 });
    expect(await record(moved.id)).toMatchObject({
      state: 'up',
      outcome: 'answered',
      final_url: `${sites.origin('up.test')}/landing`,
    });
    expect(await record(slow.id)).toMatchObject({ state: 'unchecked', outcome: 'timeout', failures: 1 });
    expect(await record(refused.id)).toMatchObject({ state: 'unchecked', outcome: 'refused', failures: 1 });
    expect(await record(gone.id)).toMatchObject({ outcome: 'http_error', http_status: 404, failures: 1 });
    expect((await store.agents.get(up.id))?.site_state).toBe('up');
    expect(sent).toEqual([]);

    // An hour later the failures are tried again: two in a row, and the sites are down since the first.
    now += RETRY_AFTER_MS;
    const second = await checker().runOnce();
    expect(second.checked).toBe(3);
    const since = new Date(now - RETRY_AFTER_MS).toISOString();
    expect(await store.agents.get(refused.id)).toMatchObject({ site_state: 'down', site_since: since });
    expect(await record(slow.id)).toMatchObject({ state: 'down', outcome: 'timeout', retry_at: null });
    // One e-mail, to the owner of the one owned listing that broke.
    expect(sent.map((mail) => [mail.to, mail.kind])).toEqual([['ada@sites.example', 'site_down']]);
    expect(sent[0]!.text).toContain(`http://refused.test:${port}/`);

    // Still down a day later (the next pass): no second e-mail.
    now += 24 * 3600_000;
    await checker().runOnce();
    await checker().runOnce();
    expect(sent).toHaveLength(1);
    expect((await store.linkChecks.list({ state: 'down' })).map((r) => r.agent_id).sort()).toEqual(
      [slow.id, refused.id, gone.id].sort(),
    );
  });

  it('walks the catalog in chunks, keeps its place across a restart, and starts the next pass a day later', async () => {
    for (let i = 0; i < 5; i++) {
      sites.set(`walk${i}.test`, {});
      await agentAt(`Walker ${i}`, `${sites.origin(`walk${i}.test`)}/`);
    }
    const turn = (limit: number) =>
      new LinkChecker(
        {
          store,
          mailer,
          logger: createLogger('silent', 'test'),
          config: { publicUrl: 'https://agentry.example' },
          now: () => now,
          recipientLimiter: new FixedWindowLimiter(100, 60_000),
        },
        outbound(),
        {
          intervalMs: 24 * 3600_000,
          concurrency: 1,
          maxPerSecond: 100,
          // Ten checks one after another, three requests each: at one a second per host, 21 s at
          // load 7, near the 30 s limit on a busy machine.
          hostIntervalMs: QUICK_HOST_INTERVAL_MS,
          chunkSize: 2,
          maxChunks: 1,
          maxChecksPerTurn: limit,
        },
      ).runOnce();
    // Each turn in a checker of its own, as after a restart: it goes on where the last one stopped.
    expect(await turn(2)).toEqual({ checked: 2, passDone: false });
    expect(await turn(2)).toEqual({ checked: 2, passDone: false });
    expect(await turn(2)).toEqual({ checked: 1, passDone: true });
    expect((await store.linkChecks.getMany((await store.agents.list()).map((a) => a.id))).length).toBe(5);
    expect(await turn(10)).toEqual({ checked: 0, passDone: true });
    now += 24 * 3600_000;
    expect(await turn(10)).toEqual({ checked: 5, passDone: true });
  });

  it('serves other hosts while one host with many listings works through its queue', async () => {
    sites.set('crowded.test', {});
    for (let i = 0; i < 4; i++) await agentAt(`Crowded ${i}`, `${sites.origin('crowded.test')}/${i}`);
    for (let i = 0; i < 4; i++) {
      sites.set(`solo${i}.test`, {});
      await agentAt(`Solo ${i}`, `${sites.origin(`solo${i}.test`)}/`);
    }
    const before = sites.requests.length;
    const result = await new LinkChecker(
      {
        store,
        mailer,
        logger: createLogger('silent', 'test'),
        config: { publicUrl: 'https://agentry.example' },
        now: () => now,
        recipientLimiter: new FixedWindowLimiter(100, 60_000),
      },
      outbound(),
      {
        intervalMs: 24 * 3600_000,
        // A slot for each of the five hosts: a first check holds its slot for the site's icon too,
        // a host's turn after its page (issue 25).
        concurrency: 5,
        maxPerSecond: 100,
        hostIntervalMs: 1000,
        chunkSize: 2,
        maxChunks: 4,
      },
    ).runOnce();
    expect(result).toEqual({ checked: 8, passDone: true });
    // By the order the requests came in (a stopwatch margin of 1.5 s stood here): the four solo
    // sites (robots.txt, page, icon each) are done while the crowded one still has its last two
    // pages to go, a second apart each. Queued behind the crowded host, they would come after.
    const hosts = sites.requests.slice(before).map((r) => r.host);
    const lastSolo = hosts.findLastIndex((host) => host.startsWith('solo'));
    const crowded = hosts.flatMap((host, index) => (host === 'crowded.test' ? [index] : []));
    expect(crowded).toHaveLength(6);
    expect(lastSolo).toBeLessThan(crowded.at(-2)!);
  });

  it('keeps to one request a second per host, and lets other hosts go meanwhile', async () => {
    sites.set('busy.test', {});
    sites.set('quiet.test', {});
    for (let i = 0; i < 3; i++) await agentAt(`Busy ${i}`, `${sites.origin('busy.test')}/${i}`);
    await agentAt('Quiet', `${sites.origin('quiet.test')}/`);
    const before = sites.requests.length;
    const realNow = () => Date.now();
    const polite = new LinkChecker(
      {
        store,
        mailer,
        logger: createLogger('silent', 'test'),
        config: { publicUrl: 'https://agentry.example' },
        now: realNow,
        recipientLimiter: new FixedWindowLimiter(100, 60_000),
      },
      outbound(),
      { intervalMs: 24 * 3600_000, concurrency: 8, maxPerSecond: 100, hostIntervalMs: 1000 },
    );
    // When each request to a host may leave: the pacer's turns, as the checker takes them. Read
    // there, not where the site sees the request come in (that adds the machine's delay in between,
    // which on a busy machine differs from one request to the next by more than the 50 ms margin).
    const pacer = (polite as unknown as { pacer: HostPacer }).pacer;
    const take = pacer.take.bind(pacer);
    const turns: Array<{ host: string; at: number }> = [];
    pacer.take = async (host) => {
      await take(host);
      turns.push({ host, at: realNow() });
    };
    await polite.runOnce();
    const requests = sites.requests.slice(before);
    // robots.txt once, the three pages and the site's icon once (/favicon.ico, after the first
    // page): five requests, each through a turn of the pacer, each turn a second or more after the
    // last.
    expect(requests.filter((r) => r.host === 'busy.test')).toHaveLength(5);
    const busy = turns.filter((turn) => turn.host === 'busy.test').map((turn) => turn.at);
    expect(busy).toHaveLength(5);
    for (let i = 1; i < busy.length; i++) expect(busy[i]! - busy[i - 1]!).toBeGreaterThanOrEqual(1000);
    // The quiet host is not kept waiting behind the busy one: by order, done before its last request.
    const hosts = requests.map((r) => r.host);
    expect(hosts.lastIndexOf('quiet.test')).toBeLessThan(hosts.lastIndexOf('busy.test'));
  });

  it('never calls a private or loopback address in production: such a site is recorded blocked', async () => {
    sites.set('local.test', {});
    dns.setAddress('intranet.test', '10.0.0.7');
    const local = await agentAt('Local', `${sites.origin('local.test')}/`);
    const intranet = await agentAt('Intranet', 'http://intranet.test/');
    const before = sites.requests.length;
    await checker({ allowLoopback: false }).runOnce();
    expect(sites.requests.length).toBe(before);
    expect((await store.linkChecks.get(local.id))?.outcome).toBe('blocked');
    expect((await store.linkChecks.get(intranet.id))?.outcome).toBe('blocked');
  });

  describe("the site's icon as the listing's logo (issue 25)", () => {
    const png = solidPng(32, 32);
    const page = (head: string) =>
      `<!doctype html><html><head>${head}<title>t</title></head><body>hi</body></html>`;
    const hashOf = async (id: string) => (await store.logos.logosOf([id]))[0]?.hash;

    it('takes the icon the page names, keeps it once for every listing of the site, and touches them', async () => {
      sites.set('iconic.test', {
        body: page(
          '<link rel="icon" type="image/svg+xml" href="/logo.svg"><link rel="apple-touch-icon" href="/touch.png">',
        ),
        assets: { '/touch.png': { type: 'image/png', body: png } },
      });
      const first = await agentAt('Iconic one', `${sites.origin('iconic.test')}/one`);
      const second = await agentAt('Iconic two', `${sites.origin('iconic.test')}/two`);
      const before = sites.requests.length;
      await checker().runOnce();
      const shown = (await store.agents.get(first.id))?.logo;
      expect(shown).toMatch(/^\/api\/logos\/[0-9a-f]{64}$/);
      expect((await store.agents.get(second.id))?.logo).toBe(shown);
      const stored = await store.logos.get(shown!.split('/').pop()!);
      expect(Buffer.from(stored!.bytes).equals(png)).toBe(true);
      expect(stored!.content_type).toBe('image/png');
      // The icon was fetched once for both pages; the SVG never.
      const paths = sites.requests
        .slice(before)
        .filter((r) => r.host === 'iconic.test')
        .map((r) => r.path);
      expect(paths.filter((path) => path === '/touch.png')).toHaveLength(1);
      expect(paths).not.toContain('/logo.svg');
      // Touched: the change log carries them, so the index reads the logo.
      const changes = await store.changes.since(0, 100);
      expect(changes.map((change) => change.agent_id)).toEqual(expect.arrayContaining([first.id, second.id]));
    });

    it('falls back to /favicon.ico and refuses what is no picture we keep: SVG, HTML, too large, too wide', async () => {
      sites.set('ico.test', { assets: { '/favicon.ico': { type: 'image/x-icon', body: png } } });
      sites.set('svg.test', {
        assets: {
          '/favicon.ico': {
            type: 'image/svg+xml',
            body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          },
        },
      });
      sites.set('html.test', {});
      const huge = Buffer.concat([png, Buffer.alloc(100_001)]);
      sites.set('huge.test', { assets: { '/favicon.ico': { type: 'image/png', body: huge } } });
      sites.set('wide.test', { assets: { '/favicon.ico': { type: 'image/png', body: solidPng(2000, 1) } } });
      const ico = await agentAt('Ico', `${sites.origin('ico.test')}/`);
      const refused = await Promise.all(
        ['svg', 'html', 'huge', 'wide'].map((name) =>
          agentAt(`Refused ${name}`, `${sites.origin(`${name}.test`)}/`),
        ),
      );
      await checker().runOnce();
      expect((await store.agents.get(ico.id))?.logo).toMatch(/^\/api\/logos\//);
      for (const agent of refused) expect((await store.agents.get(agent.id))?.logo).toBeNull();
    });

    it('looks for a found icon again only after ICON_REFRESH_MS, and shows a new one then', async () => {
      sites.set('refresh.test', { assets: { '/favicon.ico': { type: 'image/png', body: png } } });
      const agent = await agentAt('Refresh', `${sites.origin('refresh.test')}/`);
      await checker().runOnce();
      const first = await hashOf(agent.id);
      expect(first).toBeDefined();
      const newer = solidPng(32, 32, [0, 160, 0]);
      sites.set('refresh.test', { assets: { '/favicon.ico': { type: 'image/png', body: newer } } });
      const icons = () =>
        sites.requests.filter((r) => r.host === 'refresh.test' && r.path === '/favicon.ico').length;
      const fetched = icons();
      now += 24 * 3600_000;
      await checker().runOnce();
      expect(icons()).toBe(fetched);
      expect(await hashOf(agent.id)).toBe(first);
      now += ICON_REFRESH_MS;
      await checker().runOnce();
      expect(icons()).toBe(fetched + 1);
      expect(await hashOf(agent.id)).not.toBe(first);
      // The picture nobody shows any more is gone.
      expect(await store.logos.get(first!)).toBeNull();
    });

    it('never fetches an icon from a private address', async () => {
      dns.setAddress('intranet-icons.test', '10.0.0.8');
      sites.set('pointing.test', {
        body: page(`<link rel="icon" href="http://intranet-icons.test:${sites.port}/icon.png">`),
      });
      const agent = await agentAt('Pointing', `${sites.origin('pointing.test')}/`);
      const before = sites.requests.length;
      await checker().runOnce();
      expect(sites.requests.slice(before).some((r) => r.host === 'intranet-icons.test')).toBe(false);
      expect((await store.agents.get(agent.id))?.logo).toBeNull();
    });

    it("leaves a provider's upload alone and does not fetch the icon for it", async () => {
      sites.set('uploaded.test', { assets: { '/favicon.ico': { type: 'image/png', body: png } } });
      const agent = await agentAt('Uploaded', `${sites.origin('uploaded.test')}/`);
      const upload = solidPng(16, 16, [200, 0, 0]);
      await store.logos.set(agent.id, {
        hash: 'f'.repeat(64),
        content_type: 'image/png',
        bytes: upload,
        source: 'upload',
        at: new Date(now).toISOString(),
      });
      const before = sites.requests.length;
      await checker().runOnce();
      expect(sites.requests.slice(before).map((r) => r.path)).not.toContain('/favicon.ico');
      expect((await store.agents.get(agent.id))?.logo).toBe(logoPath('f'.repeat(64)));
      expect(await hashOf(agent.id)).toBe('f'.repeat(64));
    });
  });
});
