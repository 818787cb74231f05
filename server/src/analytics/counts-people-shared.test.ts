import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agentry/platform/config/env';
import { createLogger } from '@agentry/platform/log/logger';
import { agentInput } from '@agentry/platform/store/contract';
import type { AgentWeekCounts } from '@agentry/platform/store/port';
import { type RunningServer, startServer } from '../start';
import { DAILY_CAPS } from './once-per-audience';

// "Once per person, agent, kind and UTC day" holds across API processes: two instances on one
// DATA_DIR (two WEB_CONCURRENCY workers, or two containers on a shared volume), a client's requests
// reaching both. Counted per process, the same visitor moved an agent's count once per worker, and
// could click DAILY_CAPS.clicked agents per worker a day; now the store decides, once for all.

jest.setTimeout(60_000);

const NOW = Date.parse('2026-11-18T12:00:00Z');
const THIS_WEEK = '2026-11-16';

async function startTwo(dataDir: string, now: () => number): Promise<RunningServer[]> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    RATE_LIMIT_READS_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  });
  const logger = createLogger('silent', 'test');
  const first = await startServer(config, { logger, clientDist: null, engine: null, now });
  const second = await startServer(config, { logger, clientDist: null, engine: null, leader: false, now });
  return [first, second];
}

describe('provider analytics with two API instances on one store', () => {
  let dataDir: string;
  let servers: RunningServer[];
  let clock = NOW;
  const store = () => servers[0]!.context.store;

  /** What the store holds once both instances have written what they counted. */
  async function stored(agentIds: string[]): Promise<AgentWeekCounts[]> {
    for (const server of servers) await server.context.analytics!.flush();
    return store().agentStats.forAgents(agentIds, THIS_WEEK);
  }
  const from = (address: string) => ({ 'X-Forwarded-For': address });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-analytics-shared-'));
    servers = await startTwo(dataDir, () => clock);
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("When one visitor opens an agent's page on both instances, then its opened count moves once, and again for another visitor and the next day", async () => {
    const { id } = await store().agents.create(agentInput({ name: 'InboxPilot' }));
    const open = (server: RunningServer, address: string) =>
      fetch(`${server.url}/api/agents/${id}?view=page`, { headers: from(address) });
    for (let i = 0; i < 6; i++) expect((await open(servers[i % 2]!, '198.51.100.20')).status).toBe(200);
    expect((await stored([id]))[0]).toMatchObject({ opened: 1 });

    await open(servers[1]!, '198.51.100.21');
    expect((await stored([id]))[0]).toMatchObject({ opened: 2 });

    clock += 24 * 60 * 60 * 1000;
    try {
      await open(servers[0]!, '198.51.100.20');
      await open(servers[1]!, '198.51.100.20');
      expect((await stored([id]))[0]).toMatchObject({ opened: 3 });
    } finally {
      clock = NOW;
    }
  });

  it("When one visitor clicks through to more agents than a day's cap, spread over both instances, then the clicks stop at the cap in all", async () => {
    const cap = DAILY_CAPS.clicked;
    const ids: string[] = [];
    for (let i = 0; i < cap + 10; i++)
      ids.push((await store().agents.create(agentInput({ name: `Clickable ${i}` }))).id);
    for (const [index, agentId] of ids.entries()) {
      const response = await fetch(`${servers[index % 2]!.url}/api/events`, {
        method: 'POST',
        headers: { ...from('198.51.100.30'), 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'clicked', agent_id: agentId }),
      });
      expect(response.status).toBe(204);
    }
    const rows = await stored(ids);
    expect(rows.reduce((sum, row) => sum + row.clicked, 0)).toBe(cap);
  });
});
