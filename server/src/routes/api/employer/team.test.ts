import { REVIEW_MESSAGES } from '@agentry/domain/reviews';
import { TEAM_MESSAGES, TEAM_SEATS } from '@agentry/domain/team';
import { lastMail, tokenIn } from '../../../testing/mailbox';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// An employer team (issue 28), through the real app on a real store: the subscriber names the
// organization and invites a colleague by e-mail; the colleague accepts with the account of that
// address and shares the shortlists and the request history; the subscriber removes them; another
// team's member sees none of it; a lapsed plan takes the members' tools too.

describe('employer teams', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;

  beforeEach(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await fixtures.employer('grace@acme.example');
  });
  afterEach(() => server.stop());

  /** Grace names her team and invites `email`: the link's token, as the colleague's e-mail holds it. */
  async function invite(email: string): Promise<string> {
    await grace.browser.put('/api/employer/team', { name: 'Acme Hiring' }).expect(200);
    await grace.browser.post('/api/employer/team/invitations', { email }).expect(201);
    return tokenIn(await lastMail(server.dataDir, email, 'team_invitation'), '/join-team');
  }

  /** A colleague with an employer account of their own (no plan) who accepted Grace's invitation. */
  async function colleague(email: string): Promise<Person> {
    const token = await invite(email);
    const person = await fixtures.employer(email, { active: false, profile: { full_name: 'Alan Turing' } });
    await person.browser.post('/api/team-invitations/accept', { token }).expect(200);
    return person;
  }

  it('invites by e-mail with a single-use link: the colleague joins, rides on the plan and sees the team', async () => {
    const token = await invite('alan@acme.example');
    const mail = await lastMail(server.dataDir, 'alan@acme.example', 'team_invitation');
    expect(mail.subject).toBe('Grace Hopper invited you to Acme Hiring on Rolecall');
    const preview = await grace.browser.get(`/api/team-invitations/${token}`).expect(200);
    expect(preview.body).toMatchObject({
      organization: 'Acme Hiring',
      invited_by: 'Grace Hopper',
      email: 'alan@acme.example',
    });

    const alan = await fixtures.employer('alan@acme.example', {
      active: false,
      profile: { full_name: 'Alan Turing' },
    });
    // Without the team, an employer account with no plan has no tools.
    await alan.browser.get('/api/shortlists').expect(403);
    const joined = await alan.browser.post('/api/team-invitations/accept', { token }).expect(200);
    expect(joined.body.organization).toMatchObject({ name: 'Acme Hiring' });
    await alan.browser.get('/api/shortlists').expect(200);
    // Used once.
    await alan.browser.post('/api/team-invitations/accept', { token }).expect(404);
    await grace.browser.get(`/api/team-invitations/${token}`).expect(404);

    const team = (await grace.browser.get('/api/employer/team').expect(200)).body;
    expect(team).toMatchObject({
      organization: { name: 'Acme Hiring' },
      role: 'owner',
      seats: TEAM_SEATS,
      plan_active: true,
      invitations: [],
    });
    expect(team.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['grace@acme.example', 'owner'],
      ['alan@acme.example', 'member'],
    ]);
    const me = (await alan.browser.get('/api/auth/me').expect(200)).body;
    expect(me.team).toEqual({ organization: 'Acme Hiring', role: 'member', plan_active: true });
    const audit = await fixtures.store().audit.list({ entity_type: 'organization' });
    expect(audit.map((entry) => [entry.action, entry.actor])).toEqual([
      ['team_accept', 'alan@acme.example'],
      ['team_invite', 'grace@acme.example'],
    ]);
  });

  it('shares shortlists and requests both ways, each with its author, and the provider sees the organization', async () => {
    const alan = await colleague('alan@acme.example');
    const maker = await fixtures.provider('maker@northwind.example');
    const inboxPilot = await fixtures.agent('InboxPilot', { ownerId: maker.userId });
    const ledgerLark = await fixtures.agent('LedgerLark');

    const list = (await grace.browser.post('/api/shortlists', { name: 'Support bots' }).expect(201)).body
      .shortlist;
    await grace.browser.post(`/api/shortlists/${list.id}/agents`, { agent_id: ledgerLark.id }).expect(200);
    const added = await alan.browser
      .post(`/api/shortlists/${list.id}/agents`, { agent_id: inboxPilot.id })
      .expect(200);
    expect(added.body.shortlist).toMatchObject({
      created_by: 'Grace Hopper',
      items: [
        { agent_id: ledgerLark.id, added_by: 'Grace Hopper' },
        { agent_id: inboxPilot.id, added_by: 'Alan Turing' },
      ],
    });
    const seenByAlan = (await alan.browser.get('/api/shortlists').expect(200)).body.shortlists;
    expect(seenByAlan).toEqual([added.body.shortlist]);

    await alan.browser
      .post('/api/contact-requests', { agent_id: inboxPilot.id, kind: 'demo', message: 'A demo next week?' })
      .expect(201);
    const history = (await grace.browser.get('/api/employer/requests').expect(200)).body.requests;
    expect(history).toEqual([expect.objectContaining({ agent_name: 'InboxPilot', sent_by: 'Alan Turing' })]);
    const inbox = (await maker.browser.get('/api/users/inbox').expect(200)).body.requests;
    expect(inbox).toEqual([
      expect.objectContaining({
        company: 'Acme Hiring',
        contact_name: 'Alan Turing',
        contact_email: 'alan@acme.example',
      }),
    ]);
  });

  it('ends a removed member’s access at once; what they added stays with the team', async () => {
    const alan = await colleague('alan@acme.example');
    const agent = await fixtures.agent('InboxPilot');
    const list = (await alan.browser.post('/api/shortlists', { name: 'Alan’s picks' }).expect(201)).body
      .shortlist;
    await alan.browser.post(`/api/shortlists/${list.id}/agents`, { agent_id: agent.id }).expect(200);

    await grace.browser.delete(`/api/employer/team/members/${alan.userId}`).expect(200, { success: true });
    await alan.browser.get('/api/shortlists').expect(403);
    await alan.browser.get(`/api/employer/requests`).expect(403);
    const kept = (await grace.browser.get('/api/shortlists').expect(200)).body.shortlists;
    expect(kept).toEqual([
      expect.objectContaining({ name: 'Alan’s picks', created_by: 'Alan Turing', agent_ids: [agent.id] }),
    ]);
    expect((await alan.browser.get('/api/auth/me').expect(200)).body.team).toBeNull();
    await grace.browser.delete(`/api/employer/team/members/${alan.userId}`).expect(404);
    const removal = await fixtures.store().audit.list({ action: 'team_remove' });
    expect(removal).toEqual([
      expect.objectContaining({ actor: 'grace@acme.example', before: { member: 'alan@acme.example' } }),
    ]);
  });

  it('answers a member of another team 404 on everything the team shares', async () => {
    const alanMember = await colleague('alan@acme.example');
    const list = (await grace.browser.post('/api/shortlists', { name: 'Support bots' }).expect(201)).body
      .shortlist;
    const agent = await fixtures.agent('InboxPilot');
    const other = await fixtures.employer('olga@contoso.example', {
      active: true,
      profile: { full_name: 'Olga' },
    });
    await other.browser.put('/api/employer/team', { name: 'Contoso' }).expect(200);
    await other.browser.post('/api/employer/team/invitations', { email: 'omar@contoso.example' }).expect(201);
    const token = tokenIn(
      await lastMail(server.dataDir, 'omar@contoso.example', 'team_invitation'),
      '/join-team',
    );
    const omar = await fixtures.employer('omar@contoso.example', { active: false });
    await omar.browser.post('/api/team-invitations/accept', { token }).expect(200);

    await omar.browser.put(`/api/shortlists/${list.id}`, { name: 'Mine' }).expect(404);
    await omar.browser.post(`/api/shortlists/${list.id}/agents`, { agent_id: agent.id }).expect(404);
    await omar.browser.delete(`/api/shortlists/${list.id}/agents/${agent.id}`).expect(404);
    await omar.browser.delete(`/api/shortlists/${list.id}`).expect(404);
    expect((await omar.browser.get('/api/shortlists').expect(200)).body.shortlists).toEqual([]);
    expect((await omar.browser.get('/api/employer/requests').expect(200)).body.requests).toEqual([]);
    // Where a request stands (issue 28, item 5): the team's to set, another team's 404.
    const asked = (
      await grace.browser
        .post('/api/contact-requests', { agent_id: agent.id, kind: 'contact', message: 'Hello' })
        .expect(201)
    ).body.request;
    await omar.browser.put(`/api/employer/requests/${asked.id}/outcome`, { outcome: 'hired' }).expect(404);
    await other.browser.put(`/api/employer/requests/${asked.id}/outcome`, { outcome: 'hired' }).expect(404);
    const set = await alanMember.browser
      .put(`/api/employer/requests/${asked.id}/outcome`, { outcome: 'trial' })
      .expect(200);
    expect(set.body.request).toMatchObject({ id: asked.id, outcome: 'trial', sent_by: 'Grace Hopper' });
    const alan = (await grace.browser.get('/api/employer/team').expect(200)).body.members[1];
    await omar.browser.delete(`/api/employer/team/members/${alan.id}`).expect(404);
    await other.browser.delete(`/api/employer/team/members/${alan.id}`).expect(404);
    const graceInvite = await grace.browser
      .post('/api/employer/team/invitations', { email: 'ann@acme.example' })
      .expect(201);
    await other.browser
      .delete(`/api/employer/team/invitations/${graceInvite.body.invitation.id}`)
      .expect(404);
    // And Omar cannot join a second team.
    await grace.browser.post('/api/employer/team/invitations', { email: 'omar@contoso.example' }).expect(201);
    const second = tokenIn(
      await lastMail(server.dataDir, 'omar@contoso.example', 'team_invitation'),
      '/join-team',
    );
    const refused = await omar.browser.post('/api/team-invitations/accept', { token: second }).expect(409);
    expect(refused.body.error).toBe(TEAM_MESSAGES.inAnotherTeam);
  });

  it('takes the tools from every member when the subscriber’s plan lapses, and gives them back on renewal', async () => {
    const alan = await colleague('alan@acme.example');
    await fixtures.store().users.update(grace.userId, { subscription_status: 'inactive' });
    const refused = await alan.browser.get('/api/shortlists').expect(403);
    expect(refused.body).toMatchObject({ requires_subscription: true });
    expect(refused.body.error).toContain("Your team's employer plan");
    expect((await alan.browser.get('/api/auth/me').expect(200)).body.team).toMatchObject({
      plan_active: false,
    });
    // The lapsed subscriber still sees the team and may trim it, but invites no one.
    await grace.browser.get('/api/employer/team').expect(200);
    await grace.browser.post('/api/employer/team/invitations', { email: 'ann@acme.example' }).expect(403);
    await fixtures.store().users.update(grace.userId, { subscription_status: 'active' });
    await alan.browser.get('/api/shortlists').expect(200);
  });

  it('lets a member review on the team’s plan, and not once the subscriber’s plan lapses', async () => {
    const alan = await colleague('alan@acme.example');
    const agent = await fixtures.agent('Parla');
    const review = { rating: 5, body: 'It answered our tickets in two languages.' };
    const mine = await alan.browser.get(`/api/agents/${agent.id}/reviews/mine`).expect(200);
    expect(mine.body).toMatchObject({ can_review: true, reason: null });
    await alan.browser.put(`/api/agents/${agent.id}/review`, review).expect(201);

    await fixtures.store().users.update(grace.userId, { subscription_status: 'inactive' });
    const lapsed = await alan.browser.get(`/api/agents/${agent.id}/reviews/mine`).expect(200);
    expect(lapsed.body).toMatchObject({ can_review: false, reason: REVIEW_MESSAGES.subscriptionRequired });
    await alan.browser.put(`/api/agents/${agent.id}/review`, { ...review, rating: 4 }).expect(403);
  });

  it(`holds the plan's ${TEAM_SEATS} seats, invitations included`, async () => {
    for (let n = 1; n < TEAM_SEATS; n++) await invite(`colleague${n}@acme.example`);
    const full = await grace.browser
      .post('/api/employer/team/invitations', { email: 'one.more@acme.example' })
      .expect(409);
    expect(full.body.error).toBe(TEAM_MESSAGES.seatsFull);
    const waiting = (await grace.browser.get('/api/employer/team').expect(200)).body.invitations;
    expect(waiting).toHaveLength(TEAM_SEATS - 1);
    await grace.browser.delete(`/api/employer/team/invitations/${waiting[0].id}`).expect(200);
    await grace.browser
      .post('/api/employer/team/invitations', { email: 'one.more@acme.example' })
      .expect(201);
  });

  it('lets only the invited address’s employer account accept, and only the subscriber run the team', async () => {
    const token = await invite('alan@acme.example');
    const stranger = await fixtures.employer('eve@elsewhere.example', { active: false });
    const wrong = await stranger.browser.post('/api/team-invitations/accept', { token }).expect(403);
    expect(wrong.body.error).toBe(TEAM_MESSAGES.wrongAccount('alan@acme.example'));
    const maker = await fixtures.provider('maker@northwind.example');
    await maker.browser.post('/api/team-invitations/accept', { token }).expect(403);
    await maker.browser.get('/api/employer/team').expect(403);
    await stranger.browser.get('/api/team-invitations/not-a-token').expect(404);

    const alan = await fixtures.employer('alan@acme.example', { active: false });
    await alan.browser.post('/api/team-invitations/accept', { token }).expect(200);
    await alan.browser.put('/api/employer/team', { name: 'Taken over' }).expect(403);
    await alan.browser.post('/api/employer/team/invitations', { email: 'x@acme.example' }).expect(403);
    // A member may leave.
    await alan.browser.delete(`/api/employer/team/members/${alan.userId}`).expect(200);
    await alan.browser.get('/api/shortlists').expect(403);
  });

  it('asks for a name before inviting, and checks the name and the address', async () => {
    const unnamed = await grace.browser
      .post('/api/employer/team/invitations', { email: 'alan@acme.example' })
      .expect(409);
    expect(unnamed.body.error).toBe(TEAM_MESSAGES.nameFirst);
    await grace.browser
      .put('/api/employer/team', { name: ' \n ' })
      .expect(400, { error: TEAM_MESSAGES.nameRequired });
    await grace.browser.put('/api/employer/team', { name: 'Acme' }).expect(200);
    await grace.browser.post('/api/employer/team/invitations', { email: 'not an address' }).expect(400);
    await grace.browser.post('/api/employer/team/invitations', { email: 'Grace@Acme.example' }).expect(409);
    await grace.browser.post('/api/employer/team/invitations', { email: 'alan@acme.example' }).expect(201);
    const twice = await grace.browser
      .post('/api/employer/team/invitations', { email: 'ALAN@acme.example' })
      .expect(409);
    expect(twice.body.error).toBe(TEAM_MESSAGES.alreadyInvited);
  });
});
