import { checkProof, metaProofs } from './domain-proof';
import { createResolver } from './resolver';
import { type LocalDns, startLocalDns } from './testing/local-dns';
import { closedPort, type LocalSites, startLocalSites } from './testing/local-sites';

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

const fetchOptions = () => ({
  resolver: createResolver({ servers: [dns.server] }),
  policy: { allowLoopback: true },
  timeoutMs: 1500,
  maxRedirects: 3,
  userAgent: 'AgentryVerifier/1.0 (test)',
});
const domainOf = (host: string) => `${host}:${sites.port}`;

describe('looking for a domain proof', () => {
  it('finds the token in a DNS TXT record served by a DNS server, and settles its absence', async () => {
    dns.setTxt('txt.test', ['v=spf1 -all', 'agentry-verification=tok-dns']);
    expect(await checkProof(domainOf('txt.test'), 'tok-dns', 'dns', fetchOptions())).toMatchObject({
      found: true,
      definitive: true,
    });
    expect(await checkProof(domainOf('txt.test'), 'another', 'dns', fetchOptions())).toMatchObject({
      found: false,
      definitive: true,
    });
  });

  it('finds the token in the file under /.well-known/, alone or with its prefix', async () => {
    sites.set('file.test', { files: { '/.well-known/agentry-verification.txt': 'tok-file\n' } });
    sites.set('file2.test', {
      files: { '/.well-known/agentry-verification.txt': 'agentry-verification=tok-2' },
    });
    expect((await checkProof(domainOf('file.test'), 'tok-file', 'file', fetchOptions())).found).toBe(true);
    expect((await checkProof(domainOf('file2.test'), 'tok-2', 'file', fetchOptions())).found).toBe(true);
    expect(await checkProof(domainOf('file.test'), 'other', 'file', fetchOptions())).toMatchObject({
      found: false,
      definitive: true,
    });
  });

  it('settles a missing file (404) but not an unreachable site', async () => {
    sites.set('nofile.test', {});
    expect(await checkProof(domainOf('nofile.test'), 'x', 'file', fetchOptions())).toMatchObject({
      found: false,
      definitive: true,
    });
    const port = await closedPort();
    expect(await checkProof(`down.test:${port}`, 'x', 'file', fetchOptions())).toMatchObject({
      found: false,
      definitive: false,
    });
  });

  it('finds the meta tag on the home page, after a redirect', async () => {
    sites.set('meta.test', {
      body: '<html><head><META content=\'tok-meta\' name="agentry-verification"></head></html>',
    });
    sites.set('www.meta.test', {});
    sites.set('redirect.test', { redirectTo: `${sites.origin('meta.test')}/` });
    expect((await checkProof(domainOf('meta.test'), 'tok-meta', 'meta', fetchOptions())).found).toBe(true);
    expect((await checkProof(domainOf('redirect.test'), 'tok-meta', 'meta', fetchOptions())).found).toBe(
      true,
    );
    expect((await checkProof(domainOf('www.meta.test'), 'tok-meta', 'meta', fetchOptions())).found).toBe(
      false,
    );
  });

  it('reads meta tags whatever their quoting and attribute order', () => {
    expect(
      metaProofs(
        '<meta name=agentry-verification content=a><meta content="b" name="AGENTRY-VERIFICATION" /><meta name="x" content="c">',
      ),
    ).toEqual(['a', 'b']);
  });

  it('never calls a private address for a proof in production', async () => {
    sites.set('prod.test', { files: { '/.well-known/agentry-verification.txt': 'tok' } });
    const before = sites.requests.length;
    const finding = await checkProof(domainOf('prod.test'), 'tok', 'file', {
      ...fetchOptions(),
      policy: { allowLoopback: false },
    });
    expect(finding.found).toBe(false);
    expect(sites.requests.length).toBe(before);
  });
});
