import type { Store } from '../port';
import { agentInput } from './fixtures';

// The change log's part of the store contract: every agent write leaves an entry the indexer
// follows, run by describeStoreContract against every adapter.

export function describeChangeLogContract(store: () => Store): void {
  describe('change log', () => {
    it('records every agent write in order: upsert on create, update and restore, delete on removal', async () => {
      const start = await store().changes.head();
      const agent = await store().agents.create(agentInput());
      await store().agents.update(agent.id, { cost: 'Free' });
      await store().agents.update(agent.id, { removed: true });
      await store().agents.update(agent.id, { removed: false });
      const changes = await store().changes.since(start, 100);
      expect(changes.map((change) => [change.agent_id, change.op])).toEqual([
        [agent.id, 'upsert'],
        [agent.id, 'upsert'],
        [agent.id, 'delete'],
        [agent.id, 'upsert'],
      ]);
      const seqs = changes.map((change) => change.seq);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
      expect(new Set(seqs).size).toBe(4);
      expect(await store().changes.head()).toBe(seqs[3]);
    });

    it('records one change per imported agent and none for skipped rows', async () => {
      const start = await store().changes.head();
      await store().agents.importMany([
        agentInput({ name: 'A' }),
        agentInput({ name: 'B' }),
        agentInput({ name: 'a' }),
      ]);
      expect(await store().changes.since(start, 100)).toHaveLength(2);
    });

    it('pages through changes and prunes the ones already applied', async () => {
      for (let i = 0; i < 4; i++) await store().agents.create(agentInput({ name: `Agent ${i}` }));
      const all = await store().changes.since(0, 100);
      const firstTwo = await store().changes.since(0, 2);
      expect(firstTwo).toEqual(all.slice(0, 2));
      expect(await store().changes.since(all[1]!.seq, 100)).toEqual(all.slice(2));
      expect(await store().changes.prune(all[1]!.seq)).toBe(2);
      expect(await store().changes.since(0, 100)).toEqual(all.slice(2));
      expect(await store().changes.head()).toBe(all[3]!.seq);
    });

    it('never reuses a sequence number after pruning everything', async () => {
      await store().agents.create(agentInput({ name: 'A' }));
      const head = await store().changes.head();
      await store().changes.prune(head);
      await store().agents.create(agentInput({ name: 'B' }));
      expect(await store().changes.head()).toBeGreaterThan(head);
    });
  });
}
