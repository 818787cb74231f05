import type { Store } from '../port';
import { agentInput } from './fixtures';

// Provider spellings' part of the store contract (issue 25), run by describeStoreContract against
// every adapter: the grouped read staff's likely duplicates come from, and a merge's batches.

export function describeProvidersContract(store: () => Store): void {
  describe('provider spellings', () => {
    it('counts agents per exact spelling, removed ones too, in binary order, paged by a keyset', async () => {
      const agents = store().agents;
      await agents.create(agentInput({ name: 'A', provider: 'microsoft.com' }));
      await agents.create(agentInput({ name: 'B', provider: 'microsoft.com' }));
      const removed = await agents.create(agentInput({ name: 'C', provider: 'microsoft' }));
      await agents.update(removed.id, { removed: true });
      await agents.create(agentInput({ name: 'D', provider: 'Microsoft' }));
      await agents.create(agentInput({ name: 'E', provider: 'openai' }));

      expect(await agents.countByProvider()).toEqual([
        { provider: 'Microsoft', agents: 1 },
        { provider: 'microsoft', agents: 1 },
        { provider: 'microsoft.com', agents: 2 },
        { provider: 'openai', agents: 1 },
      ]);
      const first = await agents.countByProvider({ limit: 2 });
      expect(first.map((row) => row.provider)).toEqual(['Microsoft', 'microsoft']);
      const rest = await agents.countByProvider({ after: first[1]!.provider, limit: 2 });
      expect(rest.map((row) => row.provider)).toEqual(['microsoft.com', 'openai']);
      expect(await agents.countByProvider({ after: 'openai' })).toEqual([]);
      expect(await agents.countByProvider({ limit: 0 })).toEqual([]);
    });

    it('moves a spelling in batches, each agent with its change-log entry, leaving a clash where it is', async () => {
      const agents = store().agents;
      const kept = await agents.create(agentInput({ name: 'Copilot', provider: 'microsoft.com' }));
      const clash = await agents.create(agentInput({ name: 'copilot', provider: 'microsoft' }));
      const plain = await agents.create(agentInput({ name: 'Bing Chat', provider: 'microsoft' }));
      const gone = await agents.create(agentInput({ name: 'Cortana', provider: 'microsoft' }));
      await agents.update(gone.id, { removed: true });
      const other = await agents.create(agentInput({ name: 'Word Helper', provider: 'Microsoft Word' }));
      const start = await store().changes.head();

      const first = await agents.moveProvider({ from: 'microsoft', into: 'microsoft.com', limit: 2 });
      const second = await agents.moveProvider({
        from: 'microsoft',
        into: 'microsoft.com',
        afterId: first.lastId!,
        limit: 2,
      });
      const third = await agents.moveProvider({
        from: 'microsoft',
        into: 'microsoft.com',
        afterId: second.lastId!,
        limit: 2,
      });

      expect([...first.moved, ...second.moved].sort()).toEqual([plain.id, gone.id].sort());
      expect([...first.clashed, ...second.clashed]).toEqual([{ id: clash.id, name: 'copilot' }]);
      expect(third).toEqual({ moved: [], clashed: [], lastId: null });

      expect((await agents.get(plain.id))!.provider).toBe('microsoft.com');
      expect(await agents.get(gone.id)).toMatchObject({ provider: 'microsoft.com', removed: true });
      expect((await agents.get(clash.id))!.provider).toBe('microsoft');
      expect((await agents.get(kept.id))!.provider).toBe('microsoft.com');
      expect((await agents.get(other.id))!.provider).toBe('Microsoft Word');
      // The identity follows the provider: the moved name is taken under the new spelling.
      expect((await agents.findByIdentity('Bing Chat', 'microsoft.com'))!.id).toBe(plain.id);
      expect(await agents.findByIdentity('Bing Chat', 'microsoft')).toBeNull();

      const changes = await store().changes.since(start, 100);
      expect(changes.map((change) => [change.agent_id, change.op]).sort()).toEqual(
        [
          [plain.id, 'upsert'],
          [gone.id, 'delete'],
        ].sort(),
      );
      expect(await agents.countByProvider()).toEqual([
        { provider: 'Microsoft Word', agents: 1 },
        { provider: 'microsoft', agents: 1 },
        { provider: 'microsoft.com', agents: 3 },
      ]);
    });

    it('moves a spelling that differs only in case onto its own identity', async () => {
      const agents = store().agents;
      const agent = await agents.create(agentInput({ name: 'Gemini', provider: 'Google' }));
      const batch = await agents.moveProvider({ from: 'Google', into: 'google.com', limit: 10 });
      expect(batch.moved).toEqual([agent.id]);
      const again = await agents.create(agentInput({ name: 'Bard', provider: 'GOOGLE' }));
      expect(await agents.moveProvider({ from: 'GOOGLE', into: 'google', limit: 10 })).toEqual({
        moved: [again.id],
        clashed: [],
        lastId: again.id,
      });
    });

    it('moves nothing for an unknown spelling, a zero limit or an id of no agent', async () => {
      const agents = store().agents;
      await agents.create(agentInput({ provider: 'openai' }));
      const none = { moved: [], clashed: [], lastId: null };
      expect(await agents.moveProvider({ from: 'nobody', into: 'openai.com', limit: 10 })).toEqual(none);
      expect(await agents.moveProvider({ from: 'openai', into: 'openai.com', limit: 0 })).toEqual(none);
      expect(
        await agents.moveProvider({ from: 'openai', into: 'openai.com', afterId: 'x', limit: 10 }),
      ).toEqual(none);
      expect((await agents.countByProvider())[0]).toEqual({ provider: 'openai', agents: 1 });
    });
  });
}
