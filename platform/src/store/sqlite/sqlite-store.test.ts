import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentInput, describeStoreContract } from '../contract';
import { openSqliteStore } from './sqlite-store';

describeStoreContract('SQLite (in memory)', async () => openSqliteStore(':memory:'));

describe('SQLite store on disk', () => {
  it('keeps agents across reopen and applies migrations once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-store-'));
    const file = path.join(dir, 'nested', 'agentry.db');
    const first = openSqliteStore(file);
    const agent = await first.agents.create(agentInput());
    await first.close();
    const second = openSqliteStore(file);
    expect(await second.agents.get(agent.id)).toEqual(agent);
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
