import { findLink } from '@agentry/platform/mail/outbox-reader';
import { lastMail, mailsTo } from '../../../testing/mailbox';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// Contact and demo requests: an employer asks, the provider reads them in their inbox and
// answers, and the employer follows them, through the real app, store and outbox.

describe('contact and demo requests', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let clockOffset = 0;
  let grace: Person;
  let ada: Person;
  let agentId: string;
  const publicUrl = () => server.running.context.config.publicUrl;

  beforeEach(async () => {
    clockOffset = 0;
    server = await startTestServer(EMPLOYER_TEST_ENV, { now: () => Date.now() + clockOffset });
    grace = await fixtures.employer('grace@acme.example');
    ada = await fixtures.provider('ada@northwind.example');
    agentId = (await fixtures.agent('InboxPilot', { ownerId: ada.userId })).id;
  });
  afterEach(() => server.stop());

  const demo = (overrides: Record<string, unknown> = {}) => ({
    agent_id: agentId,
    kind: 'demo',
    message: '  Could we see it answer\r\nSpanish e-mails?\u0007  ',
    preferred_times: ' Tuesday mornings\n(CET) ',
    ...overrides,
  });

  describe('sending one', () => {
    it("stores a demo request with the employer's profile details, not what the body claims", async () => {
      const sent = await grace.browser
        .post('/api/contact-requests', demo({ company: 'Evil Corp', contact_email: 'x@evil.example' }))
        .expect(201);
      expect(sent.body).toEqual({
        success: true,
        request: {
          id: expect.any(String),
          agent_id: agentId,
          agent_name: 'InboxPilot',
          kind: 'demo',
          message: 'Could we see it answer\nSpanish e-mails?',
          preferred_times: 'Tuesday mornings (CET)',
          sent_by: 'Grace Hopper',
          sent_to: 'provider',
          outcome: null,
          outcome_at: null,
          status: 'new',
          replies: [],
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
      expect(await fixtures.store().contacts.get(sent.body.request.id)).toMatchObject({
        employer_id: grace.userId,
        provider_id: ada.userId,
        company: 'Acme Hiring',
        contact_name: 'Grace Hopper',
        contact_email: 'grace@acme.example',
        contact_phone: '+1 555 0100',
      });
    });

    it('e-mails the provider the agent, the message, the preferred times, who asks and a link to the dashboard', async () => {
      await grace.browser.post('/api/contact-requests', demo()).expect(201);
      const mail = await lastMail(server.dataDir, 'ada@northwind.example', 'contact_request');
      expect(mail.subject).toBe('New demo request on Rolecall');
      expect(mail.text).toContain(
        'Grace Hopper of Acme Hiring sent a demo request about your agent "InboxPilot"',
      );
      expect(mail.text).toContain('Could we see it answer\nSpanish e-mails?');
      expect(mail.text).toContain('Preferred times: Tuesday mornings (CET)');
      expect(mail.text).toContain('grace@acme.example or +1 555 0100');
      expect(findLink(mail.text, '/dashboard')).toBe(`${publicUrl()}/dashboard`);
    });

    it('keeps the text as plain text: markup is neither run nor removed, only escaped in the HTML part', async () => {
      const message = 'Is <b>bold</b> & "quoted" fine?';
      const sent = await grace.browser.post('/api/contact-requests', demo({ message })).expect(201);
      expect(sent.body.request.message).toBe(message);
      const mail = await lastMail(server.dataDir, 'ada@northwind.example', 'contact_request');
      expect(mail.text).toContain(message);
      expect(mail.html).toContain('Is &#60;b&#62;bold&#60;/b&#62; &#38; &#34;quoted&#34; fine?');
    });

    it('needs a confirmed e-mail address (replies are e-mailed to it)', async () => {
      await server.running.context.store.users.update(grace.userId, { email_verified_at: null });
      const refused = await grace.browser.post('/api/contact-requests', demo()).expect(403);
      expect(refused.body.error).toMatch(/confirm your e-mail address/);
      await server.running.context.store.users.update(grace.userId, {
        email_verified_at: new Date().toISOString(),
      });
      await grace.browser.post('/api/contact-requests', demo()).expect(201);
    });

    it('ignores preferred times on a contact request', async () => {
      const sent = await grace.browser
        .post('/api/contact-requests', demo({ kind: 'contact', message: 'Pricing for 20 seats?' }))
        .expect(201);
      expect(sent.body.request).toMatchObject({ kind: 'contact', preferred_times: null });
      const mail = await lastMail(server.dataDir, 'ada@northwind.example', 'contact_request');
      expect(mail.subject).toBe('New contact request on Rolecall');
      expect(mail.text).not.toContain('Preferred times');
    });

    it.each([
      ['an empty message', { message: ' \u0000 ' }, 'Please write a message'],
      [
        'a message over 2000 characters',
        { message: 'x'.repeat(2001) },
        'A message has at most 2000 characters',
      ],
      [
        'preferred times over 200 characters',
        { preferred_times: 'x'.repeat(201) },
        'Preferred times have at most 200 characters',
      ],
      ['an unknown kind', { kind: 'call' }, "kind: kind must be 'contact' or 'demo'"],
    ])('refuses %s with 400', async (_what, overrides, error) => {
      const response = await grace.browser.post('/api/contact-requests', demo(overrides)).expect(400);
      expect(response.body.error).toBe(error);
    });

    it('takes a message of exactly 2000 characters', async () => {
      await grace.browser.post('/api/contact-requests', demo({ message: 'x'.repeat(2000) })).expect(201);
    });

    it('answers 404 for an agent that is missing or removed', async () => {
      const removed = await fixtures.agent('Gone', { ownerId: ada.userId, removed: true });
      await grace.browser
        .post('/api/contact-requests', demo({ agent_id: removed.id }))
        .expect(404, { error: 'Agent not found' });
      await grace.browser.post('/api/contact-requests', demo({ agent_id: '999999' })).expect(404);
    });
  });

  describe('throttles', () => {
    it('refuses a second request about the same agent within 10 minutes, and takes it after', async () => {
      await grace.browser.post('/api/contact-requests', demo()).expect(201);
      clockOffset = 9 * 60_000;
      const again = await grace.browser.post('/api/contact-requests', demo({ kind: 'contact' })).expect(409);
      expect(again.body.error).toContain('Please wait 10 minutes');
      const other = await fixtures.agent('LedgerLark', { ownerId: ada.userId });
      await grace.browser.post('/api/contact-requests', demo({ agent_id: other.id })).expect(201);
      clockOffset = 11 * 60_000;
      await grace.browser.post('/api/contact-requests', demo()).expect(201);
    });

    it('takes at most 10 requests an hour from one employer, then answers 429', async () => {
      for (let i = 0; i < 10; i++) {
        const agent = await fixtures.agent(`Agent ${i}`, { ownerId: ada.userId });
        await grace.browser.post('/api/contact-requests', demo({ agent_id: agent.id })).expect(201);
      }
      const eleventh = await fixtures.agent('Agent 10', { ownerId: ada.userId });
      const refused = await grace.browser
        .post('/api/contact-requests', demo({ agent_id: eleventh.id }))
        .expect(429);
      expect(refused.body.error).toBe(
        'You have sent 10 requests in the last hour. Please wait a while before sending more.',
      );
      // Another employer is not held back by Grace's requests.
      const other = await fixtures.employer('other@globex.example');
      await other.browser.post('/api/contact-requests', demo({ agent_id: eleventh.id })).expect(201);
      clockOffset = 61 * 60_000;
      await grace.browser.post('/api/contact-requests', demo({ agent_id: eleventh.id })).expect(201);
    });
  });

  describe("the provider's inbox", () => {
    async function sendTwo() {
      const first = await grace.browser.post('/api/contact-requests', demo()).expect(201);
      const other = await fixtures.agent('LedgerLark', { ownerId: ada.userId });
      const second = await grace.browser
        .post('/api/contact-requests', demo({ agent_id: other.id, kind: 'contact' }))
        .expect(201);
      return [first.body.request.id as string, second.body.request.id as string] as const;
    }

    it('lists the requests about their agents, newest first, with the counts per status', async () => {
      const [first, second] = await sendTwo();
      const inbox = await ada.browser.get('/api/users/inbox').expect(200);
      expect(inbox.headers['cache-control']).toBe('no-store');
      expect(inbox.body).toMatchObject({
        success: true,
        total: 2,
        counts: { new: 2, replied: 0, closed: 0 },
      });
      expect(inbox.body.requests.map((request: { id: string }) => request.id)).toEqual([second, first]);
      expect(inbox.body.requests[1]).toEqual({
        id: first,
        agent_id: agentId,
        agent_name: 'InboxPilot',
        kind: 'demo',
        message: 'Could we see it answer\nSpanish e-mails?',
        preferred_times: 'Tuesday mornings (CET)',
        company: 'Acme Hiring',
        contact_name: 'Grace Hopper',
        contact_email: 'grace@acme.example',
        contact_phone: '+1 555 0100',
        status: 'new',
        replies: [],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const page = await ada.browser.get('/api/users/inbox?limit=1&offset=1').expect(200);
      expect(page.body.requests.map((request: { id: string }) => request.id)).toEqual([first]);
      expect(page.headers['x-total-count']).toBe('2');
      await ada.browser.get('/api/users/inbox?limit=101').expect(400);
      await ada.browser.get('/api/users/inbox?status=open').expect(400);
    });

    it('e-mails a reply to the employer, marks the request replied, and the employer sees it', async () => {
      const [first] = await sendTwo();
      const replied = await ada.browser
        .post(`/api/users/inbox/${first}/reply`, { message: ' Sure: Tuesday 10:00 CET? ' })
        .expect(200);
      expect(replied.body.request).toMatchObject({
        id: first,
        status: 'replied',
        replies: [{ at: expect.any(String), by: 'provider', body: 'Sure: Tuesday 10:00 CET?' }],
      });
      const mail = await lastMail(server.dataDir, 'grace@acme.example', 'contact_reply');
      expect(mail.subject).toBe('A reply to your demo request on Rolecall');
      expect(mail.text).toContain('Northwind Labs replied to your demo request about "InboxPilot"');
      expect(mail.text).toContain('Sure: Tuesday 10:00 CET?');
      expect(findLink(mail.text, '/employer-dashboard')).toBe(`${publicUrl()}/employer-dashboard`);

      const sent = await grace.browser.get('/api/employer/requests').expect(200);
      expect(sent.body).toMatchObject({ success: true, total: 2 });
      expect(sent.body.requests[1]).toMatchObject({
        id: first,
        status: 'replied',
        replies: [{ by: 'provider', body: 'Sure: Tuesday 10:00 CET?' }],
      });
      const counts = (await ada.browser.get('/api/users/inbox').expect(200)).body.counts;
      expect(counts).toEqual({ new: 1, replied: 1, closed: 0 });
    });

    it('changes the status and filters the inbox by it', async () => {
      const [first] = await sendTwo();
      const closed = await ada.browser
        .put(`/api/users/inbox/${first}/status`, { status: 'closed' })
        .expect(200);
      expect(closed.body.request).toMatchObject({ id: first, status: 'closed' });
      const inbox = await ada.browser.get('/api/users/inbox?status=closed').expect(200);
      expect(inbox.body).toMatchObject({ total: 1, counts: { new: 1, replied: 0, closed: 1 } });
      expect(inbox.body.requests.map((request: { id: string }) => request.id)).toEqual([first]);
      await ada.browser.put(`/api/users/inbox/${first}/status`, { status: 'done' }).expect(400);
    });

    it('refuses an empty reply and one over 2000 characters', async () => {
      const [first] = await sendTwo();
      await ada.browser.post(`/api/users/inbox/${first}/reply`, { message: '   ' }).expect(400);
      await ada.browser.post(`/api/users/inbox/${first}/reply`, { message: 'x'.repeat(2001) }).expect(400);
      expect(await mailsTo(server.dataDir, 'grace@acme.example', 'contact_reply')).toEqual([]);
    });

    it('takes at most 20 replies on one request (each is an e-mail), then answers 409', async () => {
      const [first] = await sendTwo();
      // The store holds them as if sent: the limit is what is being checked, not the route.
      for (let i = 0; i < 20; i++) {
        await server.running.context.store.contacts.addReply(first!, {
          at: new Date().toISOString(),
          by: 'provider',
          body: `r${i}`,
        });
      }
      const refused = await ada.browser
        .post(`/api/users/inbox/${first}/reply`, { message: 'one more' })
        .expect(409);
      expect(refused.body.error).toMatch(/20 replies/);
      expect(await mailsTo(server.dataDir, 'grace@acme.example', 'contact_reply')).toEqual([]);
    });

    it('keeps a reply of 2000 characters on one line deliverable (wrapped for the mail)', async () => {
      const [first] = await sendTwo();
      await ada.browser.post(`/api/users/inbox/${first}/reply`, { message: 'é'.repeat(2000) }).expect(200);
      const mail = await lastMail(server.dataDir, 'grace@acme.example', 'contact_reply');
      expect(mail.text.replace(/\s+/g, '')).toContain('é'.repeat(2000));
    });

    it("answers 404 for another provider's request, and never lists it", async () => {
      const [first] = await sendTwo();
      const other = await fixtures.provider('other@northwind.example', { subscribed: true });
      const inbox = await other.browser.get('/api/users/inbox').expect(200);
      expect(inbox.body).toMatchObject({ requests: [], total: 0, counts: { new: 0, replied: 0, closed: 0 } });
      await other.browser
        .post(`/api/users/inbox/${first}/reply`, { message: 'Hijacked' })
        .expect(404, { error: 'Request not found' });
      await other.browser.put(`/api/users/inbox/${first}/status`, { status: 'closed' }).expect(404);
      // The employer who sent it cannot answer it as a provider either.
      await grace.browser.put(`/api/users/inbox/${first}/status`, { status: 'closed' }).expect(404);
      expect(await fixtures.store().contacts.get(first)).toMatchObject({ status: 'new', replies: [] });
    });

    it('lets a provider whose subscription lapsed read and answer, and refuses visitors', async () => {
      const [first] = await sendTwo();
      expect((await fixtures.store().users.findById(ada.userId))!.subscription_status).toBe('inactive');
      await ada.browser.get('/api/users/inbox').expect(200);
      await ada.browser.post(`/api/users/inbox/${first}/reply`, { message: 'Yes, happy to.' }).expect(200);
      await server.http.get('/api/users/inbox').expect(401);
    });
  });

  it("pages the employer's sent requests, newest first, and shows only their own", async () => {
    await grace.browser.post('/api/contact-requests', demo()).expect(201);
    const other = await fixtures.agent('LedgerLark', { ownerId: ada.userId });
    const newest = await grace.browser
      .post('/api/contact-requests', demo({ agent_id: other.id }))
      .expect(201);
    const page = await grace.browser.get('/api/employer/requests?limit=1').expect(200);
    expect(page.body).toMatchObject({ success: true, total: 2, requests: [{ id: newest.body.request.id }] });
    expect(page.headers.link).toContain('rel="next"');
    await grace.browser.get('/api/employer/requests?limit=101').expect(400);
    const stranger = await fixtures.employer('other@globex.example');
    const theirs = await stranger.browser.get('/api/employer/requests').expect(200);
    expect(theirs.body).toEqual({ success: true, requests: [], total: 0 });
  });
});
