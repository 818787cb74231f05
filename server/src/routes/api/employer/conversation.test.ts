import { REPLIES_MAX } from '../../../commands/employer/answer-contact-request';
import { lastMail, mailsTo } from '../../../testing/mailbox';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// The conversation between an employer and a provider about a request (issue 25), through the
// real app on a real store: the provider replies, the employer answers in the app, each side's
// e-mail carries the other side's address as Reply-To, and nobody else can take part.

describe('employer-to-provider conversation', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;
  let ada: Person;

  beforeEach(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await fixtures.employer('grace@acme.example');
    ada = await fixtures.provider('ada@northwind.example', { subscribed: true });
  });
  afterEach(() => server.stop());

  async function askedAndReplied(): Promise<string> {
    const agent = await fixtures.agent('InboxPilot', { ownerId: ada.userId });
    const { id } = (
      await grace.browser
        .post('/api/contact-requests', { agent_id: agent.id, kind: 'demo', message: 'Could we see a demo?' })
        .expect(201)
    ).body.request as { id: string };
    await ada.browser.post(`/api/users/inbox/${id}/reply`, { message: 'Tuesday 10:00 CET?' }).expect(200);
    return id;
  }

  it("puts the other side's address in Reply-To: the employer's on the request, the provider's on the reply", async () => {
    await askedAndReplied();
    const request = await lastMail(server.dataDir, 'ada@northwind.example', 'contact_request');
    expect(request.replyTo).toBe('grace@acme.example');
    const reply = await lastMail(server.dataDir, 'grace@acme.example', 'contact_reply');
    expect(reply.replyTo).toBe('ada@northwind.example');
  });

  it('lets the employer answer in the app: kept under the request, new again for the provider, e-mailed with Reply-To', async () => {
    const id = await askedAndReplied();
    const answered = await grace.browser
      .post(`/api/employer/requests/${id}/reply`, { message: ' Tuesday works for us. ' })
      .expect(200);
    expect(answered.body.request).toMatchObject({
      id,
      status: 'new',
      replies: [
        { by: 'provider', body: 'Tuesday 10:00 CET?' },
        { by: 'employer', body: 'Tuesday works for us.' },
      ],
    });
    const inbox = await ada.browser.get('/api/users/inbox').expect(200);
    expect(inbox.body.requests[0]).toMatchObject({ id, status: 'new' });
    expect(inbox.body.requests[0].replies.at(-1)).toMatchObject({ by: 'employer' });
    const followUp = await lastMail(server.dataDir, 'ada@northwind.example', 'contact_followup');
    expect(followUp.replyTo).toBe('grace@acme.example');
    expect(followUp.subject).toBe('A new message about a demo request on Rolecall');
    expect(followUp.text).toContain('Tuesday works for us.');
    // The provider answers again: replied, and the employer hears of it.
    await ada.browser.post(`/api/users/inbox/${id}/reply`, { message: 'See you then.' }).expect(200);
    expect(await mailsTo(server.dataDir, 'grace@acme.example', 'contact_reply')).toHaveLength(2);
    // Reply times count the provider's first reply only (domain/reply-time.ts).
    expect(inbox.body.reply_time).toMatchObject({ employers: 1, answered: 1 });
  });

  it('refuses another employer (404), a provider (403), an empty or long reply (400), and a 21st reply (409)', async () => {
    const id = await askedAndReplied();
    const ida = await fixtures.employer('ida@rival.example');
    await ida.browser.post(`/api/employer/requests/${id}/reply`, { message: 'Hello' }).expect(404);
    await ada.browser.post(`/api/employer/requests/${id}/reply`, { message: 'Hello' }).expect(403);
    await grace.browser.post(`/api/employer/requests/${id}/reply`, { message: '   ' }).expect(400);
    await grace.browser.post(`/api/employer/requests/${id}/reply`, { message: 'x'.repeat(2001) }).expect(400);
    for (let i = 1; i < REPLIES_MAX; i++)
      await fixtures
        .store()
        .contacts.addReply(id, { at: new Date().toISOString(), by: 'provider', body: `${i}` });
    const full = await grace.browser
      .post(`/api/employer/requests/${id}/reply`, { message: 'One more' })
      .expect(409);
    expect(full.body.error).toBe(
      `This conversation has reached ${REPLIES_MAX} replies. Please continue by e-mail.`,
    );
    expect(await mailsTo(server.dataDir, 'ada@northwind.example', 'contact_followup')).toHaveLength(0);
  });
});
