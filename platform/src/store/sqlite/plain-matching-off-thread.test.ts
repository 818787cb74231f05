import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentInput } from '../contract/fixtures';
import { PlainMatchingOffThread } from './plain-matching-off-thread';
import { openSqliteStore } from './sqlite-store';

// The search fallback's plain matching of a file-based store, answered by a worker thread with a
// connection of its own: the same agents in the same order as the store's own connection finds.

describe('plain matching on a worker thread', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-plain-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds what the store itself finds, in the same order, including agents written after it started', async () => {
    const file = path.join(dir, 'agentry.db');
    const store = openSqliteStore(file);
    const memory = openSqliteStore(':memory:');
    const inputs = Array.from({ length: 300 }, (_, i) =>
      agentInput({
        name: `Ledger${i}`,
        role: i % 3 ? 'Bookkeeper' : 'Translator',
        description: `Keeps the books of shop ${i}.`,
        address: `https://ledger-${i}.example`,
      }),
    );
    await store.agents.importMany(inputs);
    await memory.agents.importMany(inputs);
    const offThread = new PlainMatchingOffThread(file);
    try {
      const names = (agents: Array<{ name: string }>) => agents.map((agent) => agent.name);
      for (const query of ['bookkeeper', 'ledger12', 'translator shop 7', 'nothing-like-it']) {
        expect(names(await offThread.search(query, 50))).toEqual(
          names(await memory.agents.searchBasic(query, 50)),
        );
        // Ids and held words alone: the same agents, the same order (both stores numbered them alike).
        expect(await offThread.searchHeld(query, 50)).toEqual(await memory.agents.searchBasicHeld(query, 50));
      }
      await store.agents.create(agentInput({ name: 'Latecomer', address: 'https://late.example' }));
      expect(names(await offThread.search('latecomer', 5))).toEqual(['Latecomer']);
      expect(await offThread.searchHeld('latecomer', 5)).toEqual({
        ids: [expect.any(String)],
        held: Uint16Array.of(1),
      });
      expect(offThread.answered).toBe(10);
      // The store's own searchBasic goes through a worker of its own.
      expect(names(await store.agents.searchBasic('ledger12', 3))[0]).toBe('Ledger12');
      const { ids } = await store.agents.searchBasicHeld('ledger12', 3);
      expect((await store.agents.get(ids[0]!))?.name).toBe('Ledger12');
    } finally {
      await offThread.close();
      await store.close();
      await memory.close();
    }
  });
});
