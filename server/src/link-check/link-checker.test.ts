import type { HostPacer } from '@agentry/platform/outbound/host-pacer';
import { closedPort } from '@agentry/platform/outbound/testing/local-sites';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { LinkChecker } from './link-checker';
import { RETRY_AFTER_MS } from './link-state';
import { QUICK_HOST_INTERVAL_MS, setUpLinkCheckWorld } from './testing/link-check-world';

// The link checker against local sites that answer, redirect, time out, refuse, go missing, or sit
// on a private address, their names served by a local DNS server; a real (embedded) store; a clock
// the test moves (testing/link-check-world.ts). No test here reads the wall clock to decide: the
// pace per host is checked at the pacer's own turns, the fair share between hosts by the order
// requests come in. The site's icon as the listing's logo: site-icons.test.ts.

const world = setUpLinkCheckWorld(() => openSqliteStore(':memory:'));
const { agentAt, checker, outbound } = world;

describe('the link checker', () => {
  it("reads the catalog without the agents' trust signals, which a check never uses", async () => {
    world.sites.set('up.test', {});
    const up = await agentAt('Up', `${world.sites.origin('up.test')}/`);
    const asked: unknown[] = [];
    const plain = world.store;
    world.store = {
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
    world.store = plain;
  });

  it('records each state: answered, redirected, timed out, refused, missing, and what a retry confirms', async () => {
    const owner = await world.store.users.create({
      email: 'ada@sites.example',
      full_name: 'Ada',
      organization: 'Sites Inc',
      user_type: 'agent_provider',
      password_hash: 'x',
    });
    world.sites.set('up.test', {});
    world.sites.set('moved.test', { redirectTo: `${world.sites.origin('up.test')}/landing` });
    world.sites.set('slow.test', { hang: true });
    world.sites.set('gone.test', { status: 404 });
    const port = await closedPort();
    const up = await agentAt('Up', `${world.sites.origin('up.test')}/`);
    const moved = await agentAt('Moved', `${world.sites.origin('moved.test')}/`);
    const slow = await agentAt('Slow', `${world.sites.origin('slow.test')}/`);
    const refused = await agentAt('Refused', `http://refused.test:${port}/`, owner.id);
    const gone = await agentAt('Gone', `${world.sites.origin('gone.test')}/`);

    const first = await checker().runOnce();
    expect(first.checked).toBe(5);
    const record = async (id: string) => (await world.store.linkChecks.get(id))!;
    expect(await record(up.id)).toMatchObject({ state: 'up', outcome: 'answered', http_status: 200 });
    expect(await record(moved.id)).toMatchObject({
      state: 'up',
      outcome: 'answered',
      final_url: `${world.sites.origin('up.test')}/landing`,
    });
    expect(await record(slow.id)).toMatchObject({ state: 'unchecked', outcome: 'timeout', failures: 1 });
    expect(await record(refused.id)).toMatchObject({ state: 'unchecked', outcome: 'refused', failures: 1 });
    expect(await record(gone.id)).toMatchObject({ outcome: 'http_error', http_status: 404, failures: 1 });
    expect((await world.store.agents.get(up.id))?.site_state).toBe('up');
    expect(world.sent).toEqual([]);

    // An hour later the failures are tried again: two in a row, and the sites are down since the first.
    world.now += RETRY_AFTER_MS;
    const second = await checker().runOnce();
    expect(second.checked).toBe(3);
    const since = new Date(world.now - RETRY_AFTER_MS).toISOString();
    expect(await world.store.agents.get(refused.id)).toMatchObject({ site_state: 'down', site_since: since });
    expect(await record(slow.id)).toMatchObject({ state: 'down', outcome: 'timeout', retry_at: null });
    // One e-mail, to the owner of the one owned listing that broke.
    expect(world.sent.map((mail) => [mail.to, mail.kind])).toEqual([['ada@sites.example', 'site_down']]);
    expect(world.sent[0]!.text).toContain(`http://refused.test:${port}/`);

    // Still down a day later (the next pass): no second e-mail.
    world.now += 24 * 3600_000;
    await checker().runOnce();
    await checker().runOnce();
    expect(world.sent).toHaveLength(1);
    expect((await world.store.linkChecks.list({ state: 'down' })).map((r) => r.agent_id).sort()).toEqual(
      [slow.id, refused.id, gone.id].sort(),
    );
  });

  it('walks the catalog in chunks, keeps its place across a restart, and starts the next pass a day later', async () => {
    for (let i = 0; i < 5; i++) {
      world.sites.set(`walk${i}.test`, {});
      await agentAt(`Walker ${i}`, `${world.sites.origin(`walk${i}.test`)}/`);
    }
    const turn = (limit: number) =>
      new LinkChecker(world.deps(), outbound(), {
        intervalMs: 24 * 3600_000,
        concurrency: 1,
        maxPerSecond: 100,
        // Ten checks one after another, three requests each: at one a second per host, 21 s at
        // load 7, near the 30 s limit on a busy machine.
        hostIntervalMs: QUICK_HOST_INTERVAL_MS,
        chunkSize: 2,
        maxChunks: 1,
        maxChecksPerTurn: limit,
      }).runOnce();
    // Each turn in a checker of its own, as after a restart: it goes on where the last one stopped.
    expect(await turn(2)).toEqual({ checked: 2, passDone: false });
    expect(await turn(2)).toEqual({ checked: 2, passDone: false });
    expect(await turn(2)).toEqual({ checked: 1, passDone: true });
    expect(
      (await world.store.linkChecks.getMany((await world.store.agents.list()).map((a) => a.id))).length,
    ).toBe(5);
    expect(await turn(10)).toEqual({ checked: 0, passDone: true });
    world.now += 24 * 3600_000;
    expect(await turn(10)).toEqual({ checked: 5, passDone: true });
  });

  it('serves other hosts while one host with many listings works through its queue', async () => {
    world.sites.set('crowded.test', {});
    for (let i = 0; i < 4; i++) await agentAt(`Crowded ${i}`, `${world.sites.origin('crowded.test')}/${i}`);
    for (let i = 0; i < 4; i++) {
      world.sites.set(`solo${i}.test`, {});
      await agentAt(`Solo ${i}`, `${world.sites.origin(`solo${i}.test`)}/`);
    }
    const before = world.sites.requests.length;
    const result = await new LinkChecker(world.deps(), outbound(), {
      intervalMs: 24 * 3600_000,
      // A slot for each of the five hosts: a first check holds its slot for the site's icon too,
      // a host's turn after its page (issue 25).
      concurrency: 5,
      maxPerSecond: 100,
      hostIntervalMs: 1000,
      chunkSize: 2,
      maxChunks: 4,
    }).runOnce();
    expect(result).toEqual({ checked: 8, passDone: true });
    // By the order the requests came in (a stopwatch margin of 1.5 s stood here): the four solo
    // sites (robots.txt, page, icon each) are done while the crowded one still has its last two
    // pages to go, a second apart each. Queued behind the crowded host, they would come after.
    const hosts = world.sites.requests.slice(before).map((r) => r.host);
    const lastSolo = hosts.findLastIndex((host) => host.startsWith('solo'));
    const crowded = hosts.flatMap((host, index) => (host === 'crowded.test' ? [index] : []));
    expect(crowded).toHaveLength(6);
    expect(lastSolo).toBeLessThan(crowded.at(-2)!);
  });

  it('keeps to one request a second per host, and lets other hosts go meanwhile', async () => {
    world.sites.set('busy.test', {});
    world.sites.set('quiet.test', {});
    for (let i = 0; i < 3; i++) await agentAt(`Busy ${i}`, `${world.sites.origin('busy.test')}/${i}`);
    await agentAt('Quiet', `${world.sites.origin('quiet.test')}/`);
    const before = world.sites.requests.length;
    const realNow = () => Date.now();
    const polite = new LinkChecker(world.deps(realNow), outbound(), {
      intervalMs: 24 * 3600_000,
      concurrency: 8,
      maxPerSecond: 100,
      hostIntervalMs: 1000,
    });
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
    const requests = world.sites.requests.slice(before);
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
    world.sites.set('local.test', {});
    world.dns.setAddress('intranet.test', '10.0.0.7');
    const local = await agentAt('Local', `${world.sites.origin('local.test')}/`);
    const intranet = await agentAt('Intranet', 'http://intranet.test/');
    const before = world.sites.requests.length;
    await checker({ allowLoopback: false }).runOnce();
    expect(world.sites.requests.length).toBe(before);
    expect((await world.store.linkChecks.get(local.id))?.outcome).toBe('blocked');
    expect((await world.store.linkChecks.get(intranet.id))?.outcome).toBe('blocked');
  });
});
