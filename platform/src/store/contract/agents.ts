import { AGENT_FIELDS, type Agent, type AgentField } from '@agentry/domain/agent';
import { DuplicateAgentError, type Store } from '../port';
import { describeAgentListsContract } from './agent-lists';
import { agentInput, collect } from './fixtures';

// The agents' part of the store contract: creating, reading, changing, listing, counting and
// scanning the catalog, run by describeStoreContract against every adapter.

export function describeAgentsContract(store: () => Store): void {
  describe('agents', () => {
    it('creates an agent with a string id, derived pricing and the active state', async () => {
      const agent = await store().agents.create(agentInput({ email: 'owner@example.com' }));
      expect(typeof agent.id).toBe('string');
      expect(agent).toMatchObject({
        name: 'InboxPilot',
        email: 'owner@example.com',
        status: null,
        removed: false,
        held_for: null,
        owner_id: null,
        pricing: 'paid',
        price_monthly: 29,
      });
      expect(Date.parse(agent.created_at)).not.toBeNaN();
      expect(await store().agents.get(agent.id)).toEqual(agent);
    });

    it('keeps every field of AGENT_FIELDS through create, update, get, getMany, list and scan', async () => {
      // Each field gets a value of its own, from the list itself: a field added to AGENT_FIELDS
      // that an adapter does not store fails here, naming the field (README: "Adding a field").
      const sample = (field: AgentField, round: string) =>
        field === 'address' ? `https://${round}-${field}.example` : `${round} ${field}`;
      const values = (round: string) =>
        Object.fromEntries(AGENT_FIELDS.map((field) => [field, sample(field, round)])) as Record<
          AgentField,
          string
        >;
      const created = await store().agents.create(values('first'));
      const fieldsOf = (agent: Pick<Agent, AgentField> | null | undefined) =>
        Object.fromEntries(AGENT_FIELDS.map((field) => [field, agent?.[field]]));
      expect(fieldsOf(created)).toEqual(values('first'));
      expect(fieldsOf(await store().agents.update(created.id, values('second')))).toEqual(values('second'));
      expect(fieldsOf(await store().agents.get(created.id))).toEqual(values('second'));
      expect(fieldsOf((await store().agents.getMany([created.id]))[0])).toEqual(values('second'));
      const listed = (await store().agents.list({ limit: 10 })).find((agent) => agent.id === created.id);
      expect(fieldsOf(listed)).toEqual(values('second'));
      const scanned = (await collect(store().agents.scan(10)))
        .flat()
        .find((agent) => agent.id === created.id);
      expect(fieldsOf(scanned)).toEqual(values('second'));
    });

    it('answers null for an id that names no agent, including malformed ids', async () => {
      expect(await store().agents.get('999999')).toBeNull();
      expect(await store().agents.get('not-an-id')).toBeNull();
      expect(await store().agents.update('not-an-id', { name: 'x' })).toBeNull();
    });

    it('refuses a second agent with the same name and provider, ignoring case and spacing', async () => {
      await store().agents.create(agentInput());
      await expect(
        store().agents.create(agentInput({ name: ' inboxpilot ', provider: 'NORTHWIND  LABS' })),
      ).rejects.toBeInstanceOf(DuplicateAgentError);
      await expect(store().agents.create(agentInput({ provider: 'Another Co' }))).resolves.toMatchObject({
        provider: 'Another Co',
      });
    });

    it('updates fields, re-derives pricing and moves updated_at forward', async () => {
      const agent = await store().agents.create(agentInput());
      await new Promise((resolve) => setTimeout(resolve, 5));
      const updated = await store().agents.update(agent.id, { cost: 'Free', status: 'Verified' });
      expect(updated).toMatchObject({
        cost: 'Free',
        pricing: 'free',
        price_monthly: 0,
        status: 'Verified',
        name: 'InboxPilot',
      });
      expect(updated!.updated_at > agent.updated_at).toBe(true);
      expect(updated!.created_at).toBe(agent.created_at);
    });

    it('clears optional fields with null and ignores undefined', async () => {
      const agent = await store().agents.create(agentInput({ email: 'a@example.com', status: 'New' }));
      const updated = await store().agents.update(agent.id, { email: null, status: undefined });
      expect(updated).toMatchObject({ email: null, status: 'New' });
    });

    it('refuses an update that would clash with another agent', async () => {
      await store().agents.create(agentInput());
      const other = await store().agents.create(agentInput({ name: 'LedgerLeaf' }));
      await expect(store().agents.update(other.id, { name: 'InboxPilot' })).rejects.toBeInstanceOf(
        DuplicateAgentError,
      );
      expect((await store().agents.get(other.id))!.name).toBe('LedgerLeaf');
    });

    it('hides removed agents from public reads and shows them again when restored', async () => {
      const kept = await store().agents.create(
        agentInput({ name: 'Kept', category: 'Finance', role: 'Bookkeeper' }),
      );
      const gone = await store().agents.create(
        agentInput({ name: 'Gone', category: 'Legal', role: 'Paralegal' }),
      );
      await store().agents.update(gone.id, { removed: true });

      expect((await store().agents.list()).map((a) => a.id)).toEqual([kept.id]);
      expect((await store().agents.list({ includeRemoved: true })).map((a) => a.name).sort()).toEqual([
        'Gone',
        'Kept',
      ]);
      expect(await store().agents.count()).toBe(1);
      expect(await store().agents.count({ includeRemoved: true })).toBe(2);
      expect(await store().agents.categories()).toEqual(['Finance']);
      expect(await store().agents.roles()).toEqual(['Bookkeeper']);
      expect(await store().agents.searchBasic('gone', 10)).toEqual([]);
      expect((await collect(store().agents.scan(10))).flat().map((a) => a.id)).toEqual([kept.id]);
      expect((await store().agents.get(gone.id))!.removed).toBe(true);

      await store().agents.update(gone.id, { removed: false });
      expect(await store().agents.count()).toBe(2);
    });

    // Listing, filtering, paging and counting (agent-lists.ts), in this place of the suite's order.
    describeAgentListsContract(store);

    it('fetches several agents by id, skipping unknown ids', async () => {
      const a = await store().agents.create(agentInput({ name: 'A' }));
      const b = await store().agents.create(agentInput({ name: 'B' }));
      const found = await store().agents.getMany([b.id, 'nope', a.id, '424242']);
      expect(found.map((agent) => agent.name).sort()).toEqual(['A', 'B']);
    });

    it('imports a batch, skipping agents that exist and repeats within the batch', async () => {
      await store().agents.create(agentInput({ name: 'Existing' }));
      const outcome = await store().agents.importMany([
        agentInput({ name: 'One' }),
        agentInput({ name: 'existing' }),
        agentInput({ name: 'Two', cost: 'Freemium' }),
        agentInput({ name: 'ONE' }),
      ]);
      expect(outcome.added).toBe(2);
      expect(outcome.duplicates).toEqual([
        { index: 1, name: 'existing', provider: 'Northwind Labs' },
        { index: 3, name: 'ONE', provider: 'Northwind Labs' },
      ]);
      expect(await store().agents.count()).toBe(3);
      const two = (await store().agents.list()).find((agent) => agent.name === 'Two');
      expect(two).toMatchObject({ pricing: 'freemium', removed: false });
    });

    it('imports a batch of thousands, reporting repeats by their place in the whole batch', async () => {
      // Past 1,000 rows MongoDB writes a transaction per 1,000 (its transactions must end within a
      // minute): a repeat of an earlier chunk's agent is still found, at its place in the batch.
      const batch = Array.from({ length: 2_500 }, (_, i) => agentInput({ name: `Bulk ${i}` }));
      batch[1_500] = agentInput({ name: 'bulk 10' });
      batch[2_499] = agentInput({ name: 'BULK 1500' });
      const outcome = await store().agents.importMany(batch);
      expect(outcome.duplicates).toEqual([{ index: 1_500, name: 'bulk 10', provider: 'Northwind Labs' }]);
      expect(outcome.added).toBe(2_499);
      expect(await store().agents.count()).toBe(2_499);
      expect((await store().changes.since(0, 3_000)).length).toBe(2_499);
    });

    it('imports the same batch twice without duplicating anything', async () => {
      const batch = [agentInput({ name: 'One' }), agentInput({ name: 'Two' })];
      await store().agents.importMany(batch);
      const again = await store().agents.importMany(batch);
      expect(again.added).toBe(0);
      expect(await store().agents.count()).toBe(2);
    });

    it('finds agents by plain matching, name matches first', async () => {
      await store().agents.create(
        agentInput({ name: 'Helper', description: 'Writes invoices for a bookkeeper' }),
      );
      await store().agents.create(agentInput({ name: 'Bookkeeper Bot', description: 'Keeps ledgers' }));
      await store().agents.create(agentInput({ name: 'Unrelated', description: 'Draws pictures' }));
      const found = await store().agents.searchBasic('bookkeeper', 10);
      expect(found.map((agent) => agent.name)).toEqual(['Bookkeeper Bot', 'Helper']);
      expect(await store().agents.searchBasic('   ', 10)).toEqual([]);
    });

    it('finds by plain matching the agent named by a whole word before those whose names only contain it', async () => {
      for (const name of ['Ledger113', 'Ledger11x', 'Ledger11', 'Ledger110'])
        await store().agents.create(agentInput({ name, address: `https://${name}.example` }));
      const found = await store().agents.searchBasic('ledger11', 10);
      expect(found[0]!.name).toBe('Ledger11');
      expect(found).toHaveLength(4);
    });

    it("answers plain matching's candidates as ids and the query words each holds: searchBasic's agents, in its order", async () => {
      for (const name of ['Ledger113', 'Ledger11x', 'Ledger11', 'Ledger110'])
        await store().agents.create(agentInput({ name, address: `https://${name}.example` }));
      await store().agents.create(
        agentInput({ name: 'Tally &amp; Co', role: 'Bookkeeper', description: 'Keeps ledger11 books' }),
      );
      const gone = await store().agents.create(agentInput({ name: 'Ledger11 Gone' }));
      await store().agents.update(gone.id, { removed: true });
      for (const limit of [10, 2]) {
        const whole = await store().agents.searchBasic('ledger11 bookkeeper', limit);
        const held = await store().agents.searchBasicHeld('ledger11 bookkeeper', limit);
        // Bit 0: "ledger11", bit 1: "bookkeeper", in any of the five texts.
        expect(held).toEqual({
          ids: whole.map((agent) => agent.id),
          held: Uint16Array.from(whole, ({ role }) => 0b01 | (role === 'Bookkeeper' ? 0b10 : 0)),
        });
        expect(held.ids).toHaveLength(limit === 10 ? 5 : 2);
      }
      // Read as shown: "&amp;" is "&", so "amp" is found in the stored text but not held.
      const tally = await store().agents.searchBasicHeld('tally amp', 10);
      expect(tally.held[0]).toBe(0b01);
      const none = { ids: [], held: new Uint16Array(0) };
      expect(await store().agents.searchBasicHeld('gone', 10)).toEqual(none);
      expect(await store().agents.searchBasicHeld('   ', 10)).toEqual(none);
    });

    it('scans every agent not removed in batches of the given size', async () => {
      for (let i = 0; i < 5; i++) await store().agents.create(agentInput({ name: `Agent ${i}` }));
      const batches = await collect(store().agents.scan(2));
      expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
      expect(new Set(batches.flat().map((agent) => agent.id)).size).toBe(5);
    });

    it('resumes a scan after a given agent, in the same order, and starts nowhere from an unknown id', async () => {
      for (let i = 0; i < 5; i++) await store().agents.create(agentInput({ name: `Agent ${i}` }));
      const order = (await collect(store().agents.scan(10))).flat().map((agent) => agent.id);
      const rest = (await collect(store().agents.scan(2, order[1]))).flat().map((agent) => agent.id);
      expect(rest).toEqual(order.slice(2));
      expect(await collect(store().agents.scan(2, order[4]))).toEqual([]);
      expect(await collect(store().agents.scan(2, 'not-an-id'))).toEqual([]);
    });
  });
}
