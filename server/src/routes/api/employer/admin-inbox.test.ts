import { readOutbox } from '@agentry/platform/mail/outbox-reader';
import { lastMail, outboxDir } from '../../../testing/mailbox';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { ADMIN_ENV, AdminBrowser, Visitor } from '../../../testing/visitor';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// Requests about agents that nobody owns go to the admin inbox (server/src/routes/api/admin/
// inbox.routes.ts); staff answer them there, and the audit log keeps what they did.

describe('the admin inbox', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;
  let admin: AdminBrowser;
  let requestId: string;

  beforeEach(async () => {
    server = await startTestServer({ ...EMPLOYER_TEST_ENV, ...ADMIN_ENV });
    grace = await fixtures.employer('grace@acme.example');
    admin = await new AdminBrowser(server.running.url).signIn();
    const unowned = await fixtures.agent('Orphan Bot');
    const sent = await grace.browser
      .post('/api/contact-requests', { agent_id: unowned.id, kind: 'contact', message: 'Who runs this?' })
      .expect(201);
    requestId = sent.body.request.id;
  });
  afterEach(() => server.stop());

  it('receives a request about an unowned agent, without an e-mail to anybody', async () => {
    const inbox = await admin.get('/api/admin/inbox').expect(200);
    expect(inbox.body).toMatchObject({
      success: true,
      total: 1,
      counts: { new: 1, replied: 0, closed: 0 },
      requests: [
        {
          id: requestId,
          agent_name: 'Orphan Bot',
          kind: 'contact',
          message: 'Who runs this?',
          company: 'Acme Hiring',
          contact_email: 'grace@acme.example',
          status: 'new',
        },
      ],
    });
    expect(await readOutbox(outboxDir(server.dataDir))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ kind: 'contact_request' })]),
    );
    const sent = await grace.browser.get('/api/employer/requests').expect(200);
    expect(sent.body.requests[0]).toMatchObject({ id: requestId, sent_to: 'admin' });
  });

  it("keeps requests about owned agents out of it, and unowned ones out of providers' inboxes", async () => {
    const ada = await fixtures.provider('ada@northwind.example');
    const owned = await fixtures.agent('InboxPilot', { ownerId: ada.userId });
    const toAda = await grace.browser
      .post('/api/contact-requests', { agent_id: owned.id, kind: 'contact', message: 'Hello' })
      .expect(201);
    const inbox = await admin.get('/api/admin/inbox').expect(200);
    expect(inbox.body.requests.map((request: { id: string }) => request.id)).toEqual([requestId]);
    await admin
      .post(`/api/admin/inbox/${toAda.body.request.id}/reply`, { message: 'Staff here' })
      .expect(404);
    const adaInbox = await ada.browser.get('/api/users/inbox').expect(200);
    expect(adaInbox.body.requests.map((request: { id: string }) => request.id)).toEqual([
      toAda.body.request.id,
    ]);
  });

  it('e-mails a staff reply to the employer and records it in the audit log', async () => {
    const replied = await admin
      .post(`/api/admin/inbox/${requestId}/reply`, { message: 'This agent has no owner yet.' })
      .expect(200);
    expect(replied.body.request).toMatchObject({
      status: 'replied',
      replies: [{ by: 'admin', body: 'This agent has no owner yet.' }],
    });
    const mail = await lastMail(server.dataDir, 'grace@acme.example', 'contact_reply');
    expect(mail.text).toContain('The Rolecall team replied to your contact request about "Orphan Bot"');
    const audit = await admin.get('/api/admin/audit?entity_type=contact_request&action=reply').expect(200);
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        actor: 'staff',
        action: 'reply',
        entity_type: 'contact_request',
        entity_id: requestId,
        entity_label: 'contact request about Orphan Bot',
        before: { status: 'new' },
        after: { status: 'replied', reply: 'This agent has no owner yet.' },
      }),
    ]);
  });

  it('changes the status, filters by it, and records the change in the audit log', async () => {
    await admin.put(`/api/admin/inbox/${requestId}/status`, { status: 'closed' }).expect(200);
    const closed = await admin.get('/api/admin/inbox?status=closed').expect(200);
    expect(closed.body).toMatchObject({ total: 1, counts: { new: 0, replied: 0, closed: 1 } });
    expect((await admin.get('/api/admin/inbox?status=new').expect(200)).body.requests).toEqual([]);
    const audit = await admin.get('/api/admin/audit?entity_type=contact_request').expect(200);
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'update',
        entity_id: requestId,
        before: { status: 'new' },
        after: { status: 'closed' },
      }),
    ]);
    await admin.put(`/api/admin/inbox/${requestId}/status`, { status: 'open' }).expect(400);
  });

  it('answers 401 to anyone but a signed-in admin, and 403 to an admin change without the token', async () => {
    await new Visitor(server.running.url).get('/api/admin/inbox').expect(401);
    await grace.browser.get('/api/admin/inbox').expect(401);
    await admin.http.put(`/api/admin/inbox/${requestId}/status`).send({ status: 'closed' }).expect(403);
    await admin.http.post(`/api/admin/inbox/${requestId}/reply`).send({ message: 'Hi' }).expect(403);
  });
});
