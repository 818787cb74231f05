import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Member } from './product-accounts';
import type { ProductRun } from './product-actions';
import { productOpenLoop } from './product-load';
import { PRODUCT_MIX, type ProductAction } from './product-mix';
import { ProductRecorder } from './product-recorder';
import { addressOf, VirtualUser } from './virtual-user';

// The open loop counts an action's latency from when its person could click: a wait for that
// person's own earlier action is recorded apart, not counted again in the next action's latency
// (issue 21: an employer's sign-in inherited the employer search before it).

const HOLD_MS = 300;

describe('productOpenLoop', () => {
  let server: http.Server;
  let base: URL;
  const agent = new http.Agent({ keepAlive: true });

  beforeAll(async () => {
    // The provider's agent list answers only after HOLD_MS; the inbox at once.
    server = http.createServer((req, res) => {
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      if (req.url === '/api/users/agents') setTimeout(answer, HOLD_MS);
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('records the wait for the person’s earlier action apart from the next action’s latency', async () => {
    const provider: Member = {
      vu: new VirtualUser(base, agent, addressOf(1, 1)),
      email: 'p@example.com',
      userId: 'u1',
      inbox: [],
      edits: 0,
      listed: [],
      searchToken: null,
      contacts: 0,
    };
    const recorder = new ProductRecorder();
    const run: ProductRun = {
      base,
      agent,
      recorder,
      catalog: { ids: [], roles: [], categories: [] },
      providers: [provider],
      employers: [],
      runId: 'test',
      visitors: new Map(),
    };
    // Two actions of one provider, 10 ms apart on the schedule: the inbox read can only leave once
    // the agent list (held HOLD_MS by the server) has answered.
    const plan: ProductAction[] = [
      { kind: 'provider agents', actor: 'provider', who: 0 },
      { kind: 'provider inbox', actor: 'provider', who: 0 },
    ];
    const mix = PRODUCT_MIX.filter((entry) => !entry.write);
    await productOpenLoop(run, plan, { rate: 100, seconds: 0.02, mix });
    const figures = recorder.figures(1);
    const inbox = figures.byKind['provider inbox']!;
    const list = figures.byKind['provider agents']!;
    expect(list.p99).toBeGreaterThanOrEqual(HOLD_MS);
    expect(list.waitedMax).toBe(0);
    // The inbox read waited for the agent list past its schedule...
    expect(inbox.waitedMax).toBeGreaterThan(0);
    // ...and that wait is not in its own latency, only in the figure from the schedule.
    expect(inbox.p99FromSchedule).toBeCloseTo(inbox.p99 + inbox.waitedMax, 0);
    expect(inbox.p99).toBeLessThan(inbox.p99FromSchedule);
  });
});
