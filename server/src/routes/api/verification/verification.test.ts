import { MAX_AGENTS_PER_PROVIDER } from '@agentry/domain/plans';
import { type LocalDns, startLocalDns } from '@agentry/platform/outbound/testing/local-dns';
import { type LocalSites, startLocalSites } from '@agentry/platform/outbound/testing/local-sites';
import { TrustJobs } from '../../../jobs/trust-jobs';
import { SUBSCRIPTION_MESSAGES } from '../../../policies/subscription';
import { lastMail, mailsTo } from '../../../testing/mailbox';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, AdminBrowser } from '../../../testing/visitor';
import { EMPLOYER_TEST_ENV, employerFixtures } from '../employer/fixtures';

// Verified providers by proof (issue 26): a provider proves a domain by a file on the site, a TXT
// record or a meta tag, served by local sites and a local DNS server; the badge follows; a recheck
// that finds the proof gone drops it and mails the provider; a domain's owner claims a squatted
// listing, staff reverse it, and the audit log shows both.

let dns: LocalDns;
let sites: LocalSites;
let server: TestServer;
let clock = Date.parse('2026-11-20T10:00:00.000Z');
const people = employerFixtures(() => server);
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  dns = await startLocalDns();
  sites = await startLocalSites();
  server = await startTestServer(
    {
      ...EMPLOYER_TEST_ENV,
      ...ADMIN_ENV,
      OUTBOUND_DNS_SERVERS: dns.server,
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      LINK_CHECK_TIMEOUT_MS: '2000',
    },
    { now: () => clock },
  );
});
afterAll(async () => {
  await server.stop();
  await sites.close();
  await dns.close();
});

const store = () => server.running.context.store;
const domainOf = (host: string) => `${host}:${sites.port}`;

async function listed(name: string, address: string, ownerId: string | null) {
  return store().agents.create({
    name,
    provider: 'Acme',
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: `${name} answers customer emails.`,
    cost: 'Free',
    address,
    owner_id: ownerId,
  });
}

describe('verified providers, by proof', () => {
  it('verifies a domain by the file method, badges its listings, and drops the badge when the proof is gone', async () => {
    const maker = await people.provider('ada@acme.test');
    const other = await people.provider('eve@elsewhere.test');
    const mine = await listed('Acme Helper', `${sites.origin('app.acme.test')}/helper`, maker.userId);
    const theirs = await listed('Acme Copy', `${sites.origin('acme.test')}/`, other.userId);
    sites.set('acme.test', {});
    sites.set('app.acme.test', {});

    const added = await maker.browser
      .post('/api/users/domains', { domain: `http://www.${domainOf('acme.test')}/` })
      .expect(201);
    const domain = added.body.domain;
    expect(domain).toMatchObject({ domain: domainOf('acme.test'), status: 'pending', method: null });
    expect(domain.instructions.file.url).toBe(
      `http://${domainOf('acme.test')}/.well-known/agentry-verification.txt`,
    );

    const notYet = await maker.browser.post(`/api/users/domains/${domain.id}/check`).expect(200);
    expect(notYet.body.domain.status).toBe('pending');
    expect(notYet.body.findings.map((f: { found: boolean }) => f.found)).toEqual([false, false, false]);

    sites.set('acme.test', { files: { '/.well-known/agentry-verification.txt': domain.token } });
    const checked = await maker.browser.post(`/api/users/domains/${domain.id}/check`).expect(200);
    expect(checked.body.domain).toMatchObject({ status: 'verified', method: 'file' });

    const agent = await server.http.get(`/api/agents/${mine.id}`).expect(200);
    expect(agent.body.verified_domain).toBe(domainOf('acme.test'));
    expect((await server.http.get(`/api/agents/${theirs.id}`).expect(200)).body.verified_domain).toBeNull();

    // The proof goes; staff recheck it now (the schedule does the same, below): the badge drops.
    sites.set('acme.test', {});
    const admin = await new AdminBrowser(server.running.url).signIn();
    const rechecked = await admin.post(`/api/admin/verifications/${domain.id}/recheck`).expect(200);
    expect(rechecked.body).toMatchObject({
      event: 'lapsed',
      domain: { status: 'lapsed', owner_email: 'ada@acme.test' },
    });
    expect((await server.http.get(`/api/agents/${mine.id}`).expect(200)).body.verified_domain).toBeNull();
    const mail = await lastMail(server.dataDir, 'ada@acme.test', 'verification_lapsed');
    expect(mail.text).toContain(domainOf('acme.test'));
    const audit = await admin.get('/api/admin/audit?action=verification_lapsed').expect(200);
    expect(audit.body.entries[0]).toMatchObject({
      entity_type: 'verification',
      entity_label: domainOf('acme.test'),
    });
    const lapsed = await admin.get('/api/admin/verifications?status=lapsed').expect(200);
    expect(lapsed.body.domains.map((d: { domain: string }) => d.domain)).toContain(domainOf('acme.test'));
  });

  it('verifies by a TXT record from a DNS server, and the scheduled recheck drops the badge when it is removed', async () => {
    const maker = await people.provider('bo@txt.test');
    const agent = await listed('Txt Helper', `${sites.origin('txt.test')}/`, maker.userId);
    const { body } = await maker.browser
      .post('/api/users/domains', { domain: domainOf('txt.test') })
      .expect(201);
    dns.setTxt('txt.test', [body.domain.instructions.dns.value]);
    const checked = await maker.browser.post(`/api/users/domains/${body.domain.id}/check`).expect(200);
    expect(checked.body.domain).toMatchObject({ status: 'verified', method: 'dns' });
    expect((await server.http.get(`/api/agents/${agent.id}`).expect(200)).body.verified_domain).toBe(
      domainOf('txt.test'),
    );

    dns.setTxt('txt.test', []);
    const { context } = server.running;
    const jobs = new TrustJobs(context.services, context.trust.outbound, {
      ...context.config,
      LINK_CHECK_HOST_INTERVAL_MS: 1000,
    });
    clock += 2 * DAY_MS;
    await jobs.turn();
    await jobs.stop();
    expect((await store().verifications.get(body.domain.id))?.status).toBe('lapsed');
    expect((await server.http.get(`/api/agents/${agent.id}`).expect(200)).body.verified_domain).toBeNull();
    expect(await mailsTo(server.dataDir, 'bo@txt.test', 'verification_lapsed')).toHaveLength(1);
  });

  it("lets a domain's owner claim a squatted listing, tells the squatter, and staff reverse it; the audit log shows both", async () => {
    const squatter = await people.provider('squat@example.com');
    const maker = await people.provider('owner@maker.test');
    const squatted = await listed('Maker Bot', `${sites.origin('maker.test')}/bot`, squatter.userId);

    const refused = await maker.browser.post(`/api/agents/${squatted.id}/claim`).expect(409);
    expect(refused.body).toMatchObject({ needs_domain: domainOf('maker.test') });

    const { body } = await maker.browser
      .post('/api/users/domains', { domain: domainOf('maker.test') })
      .expect(201);
    sites.set('maker.test', {
      body: `<html><head><meta name="agentry-verification" content="${body.domain.token}"></head></html>`,
    });
    await maker.browser.post(`/api/users/domains/${body.domain.id}/check`).expect(200);
    await maker.browser.post(`/api/agents/${squatted.id}/claim`).expect(200);
    expect((await store().agents.get(squatted.id))?.owner_id).toBe(maker.userId);
    expect((await server.http.get(`/api/agents/${squatted.id}`).expect(200)).body.verified_domain).toBe(
      domainOf('maker.test'),
    );
    expect((await lastMail(server.dataDir, 'squat@example.com', 'listing_claimed')).text).toContain(
      'Maker Bot',
    );
    await maker.browser.post(`/api/agents/${squatted.id}/claim`).expect(409);

    const admin = await new AdminBrowser(server.running.url).signIn();
    const claims = await admin.get('/api/admin/listing-claims').expect(200);
    const claim = claims.body.claims.find((c: { agent_id: string }) => c.agent_id === squatted.id);
    expect(claim).toMatchObject({
      from_owner_email: 'squat@example.com',
      to_owner_email: 'owner@maker.test',
    });
    await admin.post(`/api/admin/listing-claims/${claim.id}/reverse`, { reason: '' }).expect(400);
    await admin
      .post(`/api/admin/listing-claims/${claim.id}/reverse`, { reason: 'Sold the domain' })
      .expect(200);
    expect((await store().agents.get(squatted.id))?.owner_id).toBe(squatter.userId);
    await admin.post(`/api/admin/listing-claims/${claim.id}/reverse`, { reason: 'again' }).expect(409);

    const audit = await admin
      .get(`/api/admin/audit?entity_type=listing_claim&entity_id=${claim.id}`)
      .expect(200);
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'reverse_claim',
      'claim_by_domain',
    ]);
    expect(audit.body.entries[1]).toMatchObject({
      actor: 'provider owner@maker.test',
      after: { owner_id: maker.userId },
    });
  });

  it(`keeps an account that claims within the ${MAX_AGENTS_PER_PROVIDER} agents it may list`, async () => {
    const maker = await people.provider('lots@many.test');
    for (let i = 0; i < MAX_AGENTS_PER_PROVIDER; i++)
      await listed(`Own Bot ${i}`, `https://own-${i}.example`, maker.userId);
    const unowned = await listed('Many Bot', `${sites.origin('many.test')}/bot`, null);
    const { body } = await maker.browser
      .post('/api/users/domains', { domain: domainOf('many.test') })
      .expect(201);
    sites.set('many.test', {
      body: `<html><head><meta name="agentry-verification" content="${body.domain.token}"></head></html>`,
    });
    await maker.browser.post(`/api/users/domains/${body.domain.id}/check`).expect(200);
    const refused = await maker.browser.post(`/api/agents/${unowned.id}/claim`).expect(409);
    expect(refused.body.error).toBe(SUBSCRIPTION_MESSAGES.agentLimit);
    expect((await store().agents.get(unowned.id))?.owner_id).toBeNull();
  });

  it('keeps domains to provider accounts, and a provider to their own domains', async () => {
    const employer = await people.employer('hr@hiring.example');
    await employer.browser.post('/api/users/domains', { domain: 'hiring.example' }).expect(403);
    const owner = await people.provider('one@own.example');
    const stranger = await people.provider('two@own.example');
    const { body } = await owner.browser.post('/api/users/domains', { domain: 'own.example' }).expect(201);
    await stranger.browser.post(`/api/users/domains/${body.domain.id}/check`).expect(404);
    await stranger.browser.delete(`/api/users/domains/${body.domain.id}`).expect(404);
    await owner.browser.post('/api/users/domains', { domain: 'own.example' }).expect(409);
    const bad = await owner.browser.post('/api/users/domains', { domain: 'own.example/path' }).expect(400);
    expect(bad.body.error).toMatch(/domain name/);
    await owner.browser.delete(`/api/users/domains/${body.domain.id}`).expect(200);
    expect((await owner.browser.get('/api/users/domains').expect(200)).body.domains).toEqual([]);
  });
});

describe('verification attempts are limited per account', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ ...EMPLOYER_TEST_ENV, RATE_LIMIT_VERIFICATION_CHECKS_PER_HOUR: '2' });
  });
  afterAll(() => limited.stop());

  it('refuses a third domain or check within the hour with 429', async () => {
    const fixtures = employerFixtures(() => limited);
    const provider = await fixtures.provider('busy@limits.example');
    await provider.browser.post('/api/users/domains', { domain: 'one.example' }).expect(201);
    await provider.browser.post('/api/users/domains', { domain: 'two.example' }).expect(201);
    const refused = await provider.browser
      .post('/api/users/domains', { domain: 'three.example' })
      .expect(429);
    expect(refused.body.error).toMatch(/several domains this hour/);
  });
});
