import { weekStart } from '@agentry/domain/weeks';
import type { AgentWeekCounts } from '@agentry/platform/store/port';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from '../routes/api/employer/fixtures';
import { startTestServer, type TestServer } from '../testing/test-server';

// "Compared by employers" and "Contact requests" count each employer once an agent and day, and a
// team is one employer (session 13's attack): each member counted as an employer of their own, so
// a plan whose seats were removed and given to new addresses moved a provider's numbers (and the
// public "Most compared this week") once per invitation.

describe('the employer tools counted once per employer organization', () => {
  let server: TestServer;
  const people = employerFixtures(() => server);
  let grace: Person;

  beforeAll(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await people.employer('grace@acme.example');
    await grace.browser.put('/api/employer/team', { name: 'Acme Hiring' }).expect(200);
  });
  afterAll(() => server.stop());

  const member = (email: string): Promise<Person> => people.teamMember(grace, email);

  async function counts(agentId: string): Promise<Partial<AgentWeekCounts>> {
    const { analytics, store } = server.running.context;
    await analytics!.flush();
    const [row] = await store.agentStats.forAgents([agentId], weekStart(new Date()));
    return { compared: 0, contacted: 0, ...row };
  }

  it("counts a team's comparisons once, whichever member compares and however seats change", async () => {
    const one = await people.agent('Parla');
    const two = await people.agent('Ledgerly');
    const ann = await member('ann@elsewhere.example');
    const bob = await member('bob@another.example');
    for (const person of [grace, ann, bob])
      await person.browser.get(`/api/compare?ids=${one.id},${two.id}`).expect(200);
    await grace.browser.delete(`/api/employer/team/members/${ann.userId}`).expect(200);
    const cyd = await member('cyd@third.example');
    await cyd.browser.get(`/api/compare?ids=${one.id},${two.id}`).expect(200);
    expect((await counts(one.id)).compared).toBe(1);

    // Another employer organization counts as another.
    const other = await people.employer('olga@contoso.example');
    await other.browser.get(`/api/compare?ids=${one.id},${two.id}`).expect(200);
    expect((await counts(one.id)).compared).toBe(2);
  });
});
