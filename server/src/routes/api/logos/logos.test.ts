import {
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TOO_WIDE_MESSAGE,
  LOGO_UNREADABLE_MESSAGE,
} from '@agentry/domain/logo-image';
import { solidPng } from '@agentry/platform/outbound/testing/pictures';
import { CSRF_HEADER } from '../../../http/csrf';
import { checkLiveAnswers } from '../../../testing/check-live-answers';
import { lastMail, tokenIn } from '../../../testing/mailbox';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { accountForm, agentForm, Visitor } from '../../../testing/visitor';

// Agent logos (issue 25) through the real app on a real store: a provider uploads a picture for
// their listing (checked by its bytes, CSRF, their own agent only), every public answer carries its
// address on our site, the picture is served from it with a year's cache, its ETag and no sniffing,
// and taking it back leaves the agent without a logo again.

checkLiveAnswers();

describe('agent logos', () => {
  let server: TestServer;
  const store = () => server.running.context.store;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  async function subscribedProvider(email: string) {
    const browser = new Visitor(server.running.url);
    await browser.post('/api/agents', agentForm({ email, name: `Agent of ${email}` })).expect(201);
    const created = await browser.post('/api/users', accountForm({ email })).expect(201);
    const mail = await lastMail(server.dataDir, email, 'verify_email');
    await browser.post('/api/auth/verify-email', { token: tokenIn(mail, '/verify-email') }).expect(200);
    await store().users.update(created.body.user_id, { subscription_status: 'active' });
    const agents = await browser.get('/api/users/agents').expect(200);
    return { browser, agentId: agents.body.agents[0].id as string };
  }

  const upload = async (browser: Visitor, agentId: string, bytes: Buffer, name = 'logo.png') =>
    browser.http
      .put(`/api/users/agents/${agentId}/logo`)
      .set(CSRF_HEADER, await browser.csrfToken())
      .attach('file', bytes, name);

  it('serves an uploaded logo from our own address, cached for a year, and every answer points at it', async () => {
    const { browser, agentId } = await subscribedProvider('logo@example.com');
    const png = solidPng(48, 48);
    const saved = await upload(browser, agentId, png);
    expect(saved.status).toBe(200);
    expect(saved.body.logo).toMatch(/^\/api\/logos\/[0-9a-f]{64}$/);

    const visitor = new Visitor(server.running.url);
    expect((await visitor.get(`/api/agents/${agentId}`).expect(200)).body.logo).toBe(saved.body.logo);
    const picture = await visitor.get(saved.body.logo).buffer(true).expect(200);
    expect(Buffer.compare(picture.body as Buffer, png)).toBe(0);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    expect(picture.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const etag = picture.headers.etag as string;
    expect(etag).toBe(`"${saved.body.logo.split('/').pop()}"`);
    await visitor.get(saved.body.logo).set('If-None-Match', etag).expect(304);

    const audit = await store().audit.list({ entity_type: 'agent', entity_id: agentId });
    expect(audit[0]).toMatchObject({ actor: 'provider logo@example.com', after: { logo: saved.body.logo } });

    // Taken back: no logo, and the picture nobody shows is gone.
    const removed = await browser.delete(`/api/users/agents/${agentId}/logo`).expect(200);
    expect(removed.body).toEqual({ success: true, logo: null });
    expect((await visitor.get(`/api/agents/${agentId}`).expect(200)).body.logo).toBeNull();
    await visitor.get(saved.body.logo).expect(404);
  });

  it('refuses what is no picture we keep, with a clear message, whatever the file is called', async () => {
    const { browser, agentId } = await subscribedProvider('refused@example.com');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusedSvg = await upload(browser, agentId, svg, 'logo.png');
    expect(refusedSvg.status).toBe(400);
    expect(refusedSvg.body.error).toBe(LOGO_UNREADABLE_MESSAGE);
    const wide = await upload(browser, agentId, solidPng(2000, 1));
    expect([wide.status, wide.body.error]).toEqual([400, LOGO_TOO_WIDE_MESSAGE]);
    const big = await upload(browser, agentId, Buffer.concat([solidPng(8, 8), Buffer.alloc(100_001)]));
    expect([big.status, big.body.error]).toEqual([413, LOGO_TOO_LARGE_MESSAGE]);
    expect((await store().agents.get(agentId))?.logo).toBeNull();
  });

  it("answers 404 for another provider's agent and 403 without the CSRF token", async () => {
    const owner = await subscribedProvider('owner@example.com');
    const other = await subscribedProvider('other@example.com');
    const png = solidPng(8, 8);
    expect((await upload(other.browser, owner.agentId, png)).status).toBe(404);
    const noToken = await owner.browser.http
      .put(`/api/users/agents/${owner.agentId}/logo`)
      .attach('file', png, 'logo.png');
    expect(noToken.status).toBe(403);
    expect((await store().agents.get(owner.agentId))?.logo).toBeNull();
  });

  it('answers 400 for a malformed hash and 404 for one nobody stored', async () => {
    const visitor = new Visitor(server.running.url);
    await visitor.get('/api/logos/not-a-hash').expect(400);
    await visitor.get(`/api/logos/${'0'.repeat(64)}`).expect(404);
  });
});
