import fs from 'node:fs';
import path from 'node:path';
import { TEAM_INVITATIONS_PER_DAY, TEAM_MESSAGES } from '@agentry/domain/team';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures } from './fixtures';

// A team's invitations a day (session 13's attack, finding 3). The seats bound who is in a team,
// not what it sends: inviting an address and cancelling the invitation frees the seat, so one
// plan sent an e-mail carrying its own organization name and sender name to any address, as fast
// as its writes allowed (about 30 a minute, unbounded a day: a spam relay on the site's mail).
// Each address's cap (5 link e-mails an hour) never saw it, as every e-mail went to a new one.

const invitationMails = (dataDir: string) =>
  fs.readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.includes('team_invitation')).length;

describe("a team's invitations", () => {
  let server: TestServer;
  const people = employerFixtures(() => server);

  beforeAll(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
  });
  afterAll(() => server.stop());

  it(`are at most ${TEAM_INVITATIONS_PER_DAY} a day, however many are cancelled`, async () => {
    const grace = await people.employer('grace@acme.example');
    await grace.browser.put('/api/employer/team', { name: 'Acme Hiring' }).expect(200);
    for (let n = 0; n < TEAM_INVITATIONS_PER_DAY; n++) {
      const sent = await grace.browser
        .post('/api/employer/team/invitations', { email: `stranger${n}@elsewhere.example` })
        .expect(201);
      await grace.browser.delete(`/api/employer/team/invitations/${sent.body.invitation.id}`).expect(200);
    }
    expect(invitationMails(server.dataDir)).toBe(TEAM_INVITATIONS_PER_DAY);

    const refused = await grace.browser
      .post('/api/employer/team/invitations', { email: 'one.more@elsewhere.example' })
      .expect(429);
    expect(refused.body.error).toBe(TEAM_MESSAGES.invitationsPerDay);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(invitationMails(server.dataDir)).toBe(TEAM_INVITATIONS_PER_DAY);
    const team = (await grace.browser.get('/api/employer/team').expect(200)).body;
    expect(team.invitations).toEqual([]);
  });
});
