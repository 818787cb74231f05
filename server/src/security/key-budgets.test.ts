import { MCP_MAX_BATCH } from '@agentry/domain/request-bounds';
import { TEAM_SEATS } from '@agentry/domain/team';
import { createApiKey } from '../commands/employer/manage-api-keys';
import { employerWithApiKey } from '../testing/api-keys';
import { startTestServer, type TestServer } from '../testing/test-server';

// Budgets belong to the caller an employer API key names, not to the address it comes from: two
// assistants behind one address (an office's NAT) each have the key's own reads, a key moved to
// another address keeps what it spent, and a token that is no valid key buys nothing: it is
// charged to its address and refused. Clients are told apart by X-Forwarded-For (TRUST_PROXY).

const READS = 6;
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const MADE_UP_KEY = `agk_${'A'.repeat(43)}`;

describe('read budgets of API key holders', () => {
  let server: TestServer;
  let address = 0;
  /** An address of its own for each test: its own budget of READS reads. */
  const nextAddress = () => `10.22.0.${++address}`;
  const mcp = (ip: string, key: string | null, body: object = listTools) => {
    const call = server.http.post('/mcp').set(MCP_HEADERS).set('X-Forwarded-For', ip);
    return (key ? call.set('Authorization', `Bearer ${key}`) : call).send(body);
  };
  const shortlists = (ip: string, key: string) =>
    server.http.get('/api/shortlists').set('X-Forwarded-For', ip).set('Authorization', `Bearer ${key}`);
  const read = (ip: string) => server.http.get('/api/categories').set('X-Forwarded-For', ip);
  let keyNumber = 0;
  const employer = () =>
    employerWithApiKey(server.running.context.store, { email: `owner${++keyNumber}@acme.example` });
  const newKey = async () => (await employer()).apiKey;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_READS_PER_MINUTE: String(READS), TRUST_PROXY: '1' });
  });
  afterAll(() => server.stop());

  it('When two assistants behind one address use their own keys, then each has the whole budget, and so does the address', async () => {
    const office = nextAddress();
    const [first, second] = [await newKey(), await newKey()];
    for (let i = 0; i < READS; i++) await mcp(office, first).expect(200);
    await mcp(office, first).expect(429);
    // The second key's calls, and its employer-tool reads, are its own.
    for (let i = 0; i < READS - 1; i++) await mcp(office, second).expect(200);
    await shortlists(office, second).expect(200);
    await shortlists(office, second).expect(429);
    // The address itself spent nothing on either key.
    for (let i = 0; i < READS; i++) await read(office).expect(200);
    await read(office).expect(429);
  });

  // SECURITY.md, "Session 13's attack": each key had a budget of its own, and each member of a team
  // up to 10 keys (5 seats: 50 budgets on one plan). The budget is the employer organization's.
  it("When an employer's keys and its team member's key are used, then they share the organization's one budget", async () => {
    const { store } = server.running.context;
    const owner = await employer();
    const ownersSecond = await createApiKey(
      { store },
      { user: (await store.users.findById(owner.userId))!, name: 'Second assistant' },
    );
    const team = await store.teams.saveOrganization(owner.userId, 'Acme Hiring');
    const member = await employer();
    await store.teams.addMember({ organizationId: team.id, userId: member.userId, seats: TEAM_SEATS });
    // Each call from an address of its own: only the organization is common to them.
    const keys = [owner.apiKey, ownersSecond.token, member.apiKey];
    for (let i = 0; i < READS; i++) await mcp(nextAddress(), keys[i % keys.length]!).expect(200);
    // Failed before: each key had READS - 2 reads left.
    for (const key of keys) await mcp(nextAddress(), key).expect(429);
    await shortlists(nextAddress(), member.apiKey).expect(429);
    // Another employer's key is not the organization's.
    await mcp(nextAddress(), await newKey()).expect(200);
  });

  it('When a key has spent its budget and moves to another address, then it is still refused there', async () => {
    const key = await newKey();
    const home = nextAddress();
    await mcp(
      home,
      key,
      Array.from({ length: READS }, (_, i) => ({ ...listTools, id: i + 1 })),
    ).expect(200);
    await shortlists(home, key).expect(429);
    const elsewhere = nextAddress();
    await mcp(elsewhere, key).expect(429);
    await shortlists(elsewhere, key).expect(429);
    // The new address's own budget is untouched.
    await read(elsewhere).expect(200);
  });

  it('When a made-up or revoked key is sent, then the address pays for it and it is refused; past the budget, 429', async () => {
    const ip = nextAddress();
    const { apiKey: revoked, keyId, userId } = await employer();
    await server.running.context.store.apiKeys.revoke(keyId, userId);
    const answers: number[] = [];
    for (let i = 0; i < READS / 2; i++) {
      answers.push((await mcp(ip, MADE_UP_KEY)).status);
      answers.push((await shortlists(ip, revoked)).status);
    }
    expect(answers).toEqual(Array(READS).fill(401));
    await mcp(ip, `agk_${'B'.repeat(43)}`).expect(429);
    await read(ip).expect(429);
  });

  it('When an address has spent its budget, then a made-up key gives it no fresh one', async () => {
    const ip = nextAddress();
    for (let i = 0; i < READS; i++) await read(ip).expect(200);
    await mcp(ip, MADE_UP_KEY).expect(429);
    await shortlists(ip, MADE_UP_KEY).expect(429);
  });

  it('When a key holder sends a batch, then each of its messages is charged to the key, none to the address', async () => {
    const ip = nextAddress();
    const key = await newKey();
    const batch = Array.from({ length: Math.min(READS, MCP_MAX_BATCH) }, (_, i) => ({
      ...listTools,
      id: i + 1,
    }));
    await mcp(ip, key, batch).expect(200);
    await mcp(ip, key).expect(429);
    await read(ip).expect(200);
  });
});
