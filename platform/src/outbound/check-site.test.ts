import { type CheckOptions, checkSite, RobotsCache } from './check-site';
import { createResolver } from './resolver';
import { type LocalDns, startLocalDns } from './testing/local-dns';
import { closedPort, type LocalSites, startLocalSites } from './testing/local-sites';

// The link checker's one check, against local sites that answer, redirect, hang, error and refuse,
// names resolved by a local DNS server.

let dns: LocalDns;
let sites: LocalSites;

beforeAll(async () => {
  dns = await startLocalDns();
  sites = await startLocalSites();
});
afterAll(async () => {
  await sites.close();
  await dns.close();
});

const options = (overrides: Partial<CheckOptions> = {}): CheckOptions => ({
  resolver: createResolver({ servers: [dns.server] }),
  policy: { allowLoopback: true },
  timeoutMs: 1500,
  maxRedirects: 3,
  userAgent: 'AgentryLinkChecker/1.0 (test)',
  robots: new RobotsCache(),
  robotsToken: 'AgentryLinkChecker',
  ...overrides,
});

describe('checking a listing’s site', () => {
  it('records a site that answers as answered, with its status', async () => {
    sites.set('up.test', {});
    expect(await checkSite(`${sites.origin('up.test')}/agent`, options())).toEqual({
      outcome: 'answered',
      http_status: 200,
      final_url: null,
      detail: null,
    });
  });

  it('follows redirects, says where they ended, and stops past the limit', async () => {
    sites.set('moved.test', { redirectTo: `${sites.origin('up.test')}/new-home` });
    const moved = await checkSite(`${sites.origin('moved.test')}/`, options());
    expect(moved).toMatchObject({ outcome: 'answered', final_url: `${sites.origin('up.test')}/new-home` });

    sites.set('loop.test', { redirectTo: `${sites.origin('loop.test')}/again` });
    expect((await checkSite(`${sites.origin('loop.test')}/`, options())).outcome).toBe('too_many_redirects');
  });

  it('records a site that never answers as timed out', async () => {
    sites.set('hang.test', { hang: true });
    const result = await checkSite(`${sites.origin('hang.test')}/`, options({ timeoutMs: 500 }));
    expect(result.outcome).toBe('timeout');
  });

  it('records a refused connection, a missing page and a server error as down outcomes', async () => {
    const port = await closedPort();
    expect((await checkSite(`http://refused.test:${port}/`, options())).outcome).toBe('refused');
    sites.set('gone.test', { status: 404 });
    expect(await checkSite(`${sites.origin('gone.test')}/`, options())).toMatchObject({
      outcome: 'http_error',
      http_status: 404,
    });
    sites.set('broken.test', { status: 503 });
    expect((await checkSite(`${sites.origin('broken.test')}/`, options())).http_status).toBe(503);
  });

  it('counts a site that keeps robots out (401, 403) as there', async () => {
    sites.set('private.test', { status: 403 });
    expect((await checkSite(`${sites.origin('private.test')}/`, options())).outcome).toBe('answered');
  });

  it('does not fetch a page robots.txt disallows, and reads robots.txt once per origin', async () => {
    sites.set('norobots.test', { files: { '/robots.txt': 'User-agent: *\nDisallow: /app' } });
    const cache = new RobotsCache();
    const before = sites.requests.length;
    expect(
      (await checkSite(`${sites.origin('norobots.test')}/app/x`, options({ robots: cache }))).outcome,
    ).toBe('disallowed');
    expect((await checkSite(`${sites.origin('norobots.test')}/`, options({ robots: cache }))).outcome).toBe(
      'answered',
    );
    const paths = sites.requests.slice(before).map((request) => request.path);
    expect(paths).toEqual(['/robots.txt', '/']);
  });

  it('records a name with no address as a DNS failure', async () => {
    const result = await checkSite('http://nowhere.invalid/', options());
    expect(result.outcome).toBe('dns');
  });

  it('never calls a private or loopback address in production, even after a redirect', async () => {
    const production = options({ policy: { allowLoopback: false } });
    const before = sites.requests.length;
    expect((await checkSite(`${sites.origin('up.test')}/`, production)).outcome).toBe('blocked');
    dns.setAddress('metadata.test', '169.254.169.254');
    expect((await checkSite('http://metadata.test/latest/meta-data', options())).outcome).toBe('blocked');
    dns.setAddress('inside.test', '10.1.2.3');
    sites.set('bouncer.test', { redirectTo: 'http://inside.test/admin' });
    expect((await checkSite(`${sites.origin('bouncer.test')}/`, options())).outcome).toBe('blocked');
    expect(
      (await checkSite(`${sites.origin('up.test')}/`, options({ policy: { allowLoopback: false } }))).outcome,
    ).toBe('blocked');
    // The redirect's first hop (bouncer.test) is the only request that reached a server.
    expect(sites.requests.slice(before).map((request) => request.host)).toEqual([
      'bouncer.test',
      'bouncer.test',
    ]);
  });
});
