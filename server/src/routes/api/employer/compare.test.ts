import { PUBLIC_AGENT_FIELDS } from '@agentry/domain/agent';
import { EMPTY_PROFILE } from '@agentry/domain/agent-profile';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { EMPLOYER_TEST_ENV, employerFixtures, type Person } from './fixtures';

// Side-by-side comparison: two to four listed agents, in the order asked, public fields only.

describe('comparison', () => {
  let server: TestServer;
  const fixtures = employerFixtures(() => server);
  let grace: Person;
  let ids: string[];

  beforeAll(async () => {
    server = await startTestServer(EMPLOYER_TEST_ENV);
    grace = await fixtures.employer('grace@acme.example');
    const provider = await fixtures.provider('maker@northwind.example');
    ids = [];
    for (const name of ['InboxPilot', 'LedgerLark', 'Quillwright', 'DeckHand', 'Parley'])
      ids.push((await fixtures.agent(name, { ownerId: provider.userId })).id);
  });
  afterAll(() => server.stop());

  it('answers the agents in the order asked, with their public fields and structured profile only', async () => {
    const asked = [ids[2]!, ids[0]!, ids[3]!];
    const response = await grace.browser.get(`/api/compare?ids=${asked.join(',')}`).expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.agents.map((agent: { id: string }) => agent.id)).toEqual(asked);
    expect(response.body.agents.map((agent: { name: string }) => agent.name)).toEqual([
      'Quillwright',
      'InboxPilot',
      'DeckHand',
    ]);
    for (const agent of response.body.agents)
      expect(Object.keys(agent).sort()).toEqual([...PUBLIC_AGENT_FIELDS, 'profile'].sort());
    // None saved yet: a profile that states nothing (issue 28), so the table shows the gaps.
    expect(response.body.agents[0].profile).toEqual(EMPTY_PROFILE);
  });

  it('takes ids with spaces around them and four at most', async () => {
    const response = await grace.browser.get(`/api/compare?ids=${ids.slice(0, 4).join(' , ')}`).expect(200);
    expect(response.body.agents).toHaveLength(4);
  });

  it.each([
    ['one agent', (all: string[]) => all[0]!],
    ['five agents', (all: string[]) => all.join(',')],
    ['the same agent twice', (all: string[]) => `${all[0]},${all[0]}`],
    ['nothing', () => ''],
  ])('refuses %s with 400', async (_what, idsOf) => {
    const response = await grace.browser.get(`/api/compare?ids=${idsOf(ids)}`).expect(400);
    expect(response.body.error).toBe('Choose 2 to 4 different agents to compare');
  });

  it('refuses a request without ids with 400 naming the parameter once', async () => {
    const response = await grace.browser.get('/api/compare').expect(400);
    expect(response.body.error).toBe('ids: list 2 to 4 agent ids, separated by commas');
  });

  it('answers 404 naming every missing or removed agent', async () => {
    const removed = await fixtures.agent('Gone', { removed: true });
    const response = await grace.browser.get(`/api/compare?ids=${ids[0]},${removed.id},999999`).expect(404);
    expect(response.body).toEqual({
      error: `These agents are not listed: ${removed.id}, 999999`,
      missing_ids: [removed.id, '999999'],
    });
  });
});
