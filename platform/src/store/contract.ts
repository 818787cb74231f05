import { type AgentCreate, DuplicateAgentError, DuplicateUserError, type Store } from './port';

// The one behaviour every store adapter must have. Each adapter's test file calls this with a
// function that opens a fresh, empty store.

export function agentInput(overrides: Partial<AgentCreate> = {}): AgentCreate {
  return {
    name: 'InboxPilot',
    provider: 'Northwind Labs',
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: 'Answers customer emails in Spanish and English.',
    cost: '$29/month',
    address: 'https://inboxpilot.example',
    ...overrides,
  };
}

async function collect<T>(iterable: AsyncIterable<T[]>): Promise<T[][]> {
  const batches: T[][] = [];
  for await (const batch of iterable) batches.push(batch);
  return batches;
}

export function describeStoreContract(name: string, openStore: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await openStore();
    });
    afterEach(async () => {
      // When opening failed (server unreachable) there is nothing to close; the test already failed.
      await store?.close();
    });

    describe('agents', () => {
      it('creates an agent with a string id, derived pricing and the active state', async () => {
        const agent = await store.agents.create(agentInput({ email: 'owner@example.com' }));
        expect(typeof agent.id).toBe('string');
        expect(agent).toMatchObject({
          name: 'InboxPilot',
          email: 'owner@example.com',
          status: null,
          removed: false,
          owner_id: null,
          pricing: 'paid',
          price_monthly: 29,
        });
        expect(Date.parse(agent.created_at)).not.toBeNaN();
        expect(await store.agents.get(agent.id)).toEqual(agent);
      });

      it('answers null for an id that names no agent, including malformed ids', async () => {
        expect(await store.agents.get('999999')).toBeNull();
        expect(await store.agents.get('not-an-id')).toBeNull();
        expect(await store.agents.update('not-an-id', { name: 'x' })).toBeNull();
      });

      it('refuses a second agent with the same name and provider, ignoring case and spacing', async () => {
        await store.agents.create(agentInput());
        await expect(
          store.agents.create(agentInput({ name: ' inboxpilot ', provider: 'NORTHWIND  LABS' })),
        ).rejects.toBeInstanceOf(DuplicateAgentError);
        await expect(store.agents.create(agentInput({ provider: 'Another Co' }))).resolves.toMatchObject({
          provider: 'Another Co',
        });
      });

      it('updates fields, re-derives pricing and moves updated_at forward', async () => {
        const agent = await store.agents.create(agentInput());
        await new Promise((resolve) => setTimeout(resolve, 5));
        const updated = await store.agents.update(agent.id, { cost: 'Free', status: 'Verified' });
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
        const agent = await store.agents.create(agentInput({ email: 'a@example.com', status: 'New' }));
        const updated = await store.agents.update(agent.id, { email: null, status: undefined });
        expect(updated).toMatchObject({ email: null, status: 'New' });
      });

      it('refuses an update that would clash with another agent', async () => {
        await store.agents.create(agentInput());
        const other = await store.agents.create(agentInput({ name: 'LedgerLeaf' }));
        await expect(store.agents.update(other.id, { name: 'InboxPilot' })).rejects.toBeInstanceOf(
          DuplicateAgentError,
        );
        expect((await store.agents.get(other.id))!.name).toBe('LedgerLeaf');
      });

      it('hides removed agents from public reads and shows them again when restored', async () => {
        const kept = await store.agents.create(
          agentInput({ name: 'Kept', category: 'Finance', role: 'Bookkeeper' }),
        );
        const gone = await store.agents.create(
          agentInput({ name: 'Gone', category: 'Legal', role: 'Paralegal' }),
        );
        await store.agents.update(gone.id, { removed: true });

        expect((await store.agents.list()).map((a) => a.id)).toEqual([kept.id]);
        expect((await store.agents.list({ includeRemoved: true })).map((a) => a.name).sort()).toEqual([
          'Gone',
          'Kept',
        ]);
        expect(await store.agents.count()).toBe(1);
        expect(await store.agents.count({ includeRemoved: true })).toBe(2);
        expect(await store.agents.categories()).toEqual(['Finance']);
        expect(await store.agents.roles()).toEqual(['Bookkeeper']);
        expect(await store.agents.searchBasic('gone', 10)).toEqual([]);
        expect((await collect(store.agents.scan(10))).flat().map((a) => a.id)).toEqual([kept.id]);
        expect((await store.agents.get(gone.id))!.removed).toBe(true);

        await store.agents.update(gone.id, { removed: false });
        expect(await store.agents.count()).toBe(2);
      });

      it('lists agents sorted by category, then role, then name', async () => {
        await store.agents.create(agentInput({ name: 'Zed', category: 'Sales', role: 'Account Executive' }));
        await store.agents.create(agentInput({ name: 'Beta', category: 'finance', role: 'Bookkeeper' }));
        await store.agents.create(agentInput({ name: 'alpha', category: 'Finance', role: 'Bookkeeper' }));
        await store.agents.create(agentInput({ name: 'Acme', category: 'Finance', role: 'Accountant' }));
        expect((await store.agents.list()).map((a) => a.name)).toEqual(['Acme', 'alpha', 'Beta', 'Zed']);
      });

      it('filters by category and role without regard to case, and by owner', async () => {
        await store.agents.create(
          agentInput({ name: 'A', category: 'Finance', role: 'Bookkeeper', owner_id: 'u1' }),
        );
        await store.agents.create(agentInput({ name: 'B', category: 'Finance', role: 'Accountant' }));
        await store.agents.create(agentInput({ name: 'C', category: 'Legal', role: 'Bookkeeper' }));
        const names = async (options: Parameters<Store['agents']['list']>[0]) =>
          (await store.agents.list(options)).map((a) => a.name);
        expect(await names({ category: 'finance', role: 'BOOKKEEPER' })).toEqual(['A']);
        expect(await names({ category: 'Finance' })).toEqual(['B', 'A']);
        expect(await names({ ownerId: 'u1' })).toEqual(['A']);
      });

      it('lists distinct categories and roles, sorted, optionally within a category', async () => {
        await store.agents.create(agentInput({ name: 'A', category: 'Sales', role: 'Sales Coach' }));
        await store.agents.create(agentInput({ name: 'B', category: 'Finance', role: 'Bookkeeper' }));
        await store.agents.create(agentInput({ name: 'C', category: 'Finance', role: 'Accountant' }));
        await store.agents.create(agentInput({ name: 'D', category: 'Finance', role: 'Accountant' }));
        expect(await store.agents.categories()).toEqual(['Finance', 'Sales']);
        expect(await store.agents.roles()).toEqual(['Accountant', 'Bookkeeper', 'Sales Coach']);
        expect(await store.agents.roles('Finance')).toEqual(['Accountant', 'Bookkeeper']);
        expect(await store.agents.roles('Nothing')).toEqual([]);
      });

      it('fetches several agents by id, skipping unknown ids', async () => {
        const a = await store.agents.create(agentInput({ name: 'A' }));
        const b = await store.agents.create(agentInput({ name: 'B' }));
        const found = await store.agents.getMany([b.id, 'nope', a.id, '424242']);
        expect(found.map((agent) => agent.name).sort()).toEqual(['A', 'B']);
      });

      it('imports a batch, skipping agents that exist and repeats within the batch', async () => {
        await store.agents.create(agentInput({ name: 'Existing' }));
        const outcome = await store.agents.importMany([
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
        expect(await store.agents.count()).toBe(3);
        const two = (await store.agents.list()).find((agent) => agent.name === 'Two');
        expect(two).toMatchObject({ pricing: 'freemium', removed: false });
      });

      it('imports the same batch twice without duplicating anything', async () => {
        const batch = [agentInput({ name: 'One' }), agentInput({ name: 'Two' })];
        await store.agents.importMany(batch);
        const again = await store.agents.importMany(batch);
        expect(again.added).toBe(0);
        expect(await store.agents.count()).toBe(2);
      });

      it('finds agents by plain matching, name matches first', async () => {
        await store.agents.create(
          agentInput({ name: 'Helper', description: 'Writes invoices for a bookkeeper' }),
        );
        await store.agents.create(agentInput({ name: 'Bookkeeper Bot', description: 'Keeps ledgers' }));
        await store.agents.create(agentInput({ name: 'Unrelated', description: 'Draws pictures' }));
        const found = await store.agents.searchBasic('bookkeeper', 10);
        expect(found.map((agent) => agent.name)).toEqual(['Bookkeeper Bot', 'Helper']);
        expect(await store.agents.searchBasic('   ', 10)).toEqual([]);
      });

      it('scans every agent not removed in batches of the given size', async () => {
        for (let i = 0; i < 5; i++) await store.agents.create(agentInput({ name: `Agent ${i}` }));
        const batches = await collect(store.agents.scan(2));
        expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
        expect(new Set(batches.flat().map((agent) => agent.id)).size).toBe(5);
      });
    });

    describe('change log', () => {
      it('records every agent write in order: upsert on create, update and restore, delete on removal', async () => {
        const start = await store.changes.head();
        const agent = await store.agents.create(agentInput());
        await store.agents.update(agent.id, { cost: 'Free' });
        await store.agents.update(agent.id, { removed: true });
        await store.agents.update(agent.id, { removed: false });
        const changes = await store.changes.since(start, 100);
        expect(changes.map((change) => [change.agent_id, change.op])).toEqual([
          [agent.id, 'upsert'],
          [agent.id, 'upsert'],
          [agent.id, 'delete'],
          [agent.id, 'upsert'],
        ]);
        const seqs = changes.map((change) => change.seq);
        expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
        expect(new Set(seqs).size).toBe(4);
        expect(await store.changes.head()).toBe(seqs[3]);
      });

      it('records one change per imported agent and none for skipped rows', async () => {
        const start = await store.changes.head();
        await store.agents.importMany([
          agentInput({ name: 'A' }),
          agentInput({ name: 'B' }),
          agentInput({ name: 'a' }),
        ]);
        expect(await store.changes.since(start, 100)).toHaveLength(2);
      });

      it('pages through changes and prunes the ones already applied', async () => {
        for (let i = 0; i < 4; i++) await store.agents.create(agentInput({ name: `Agent ${i}` }));
        const all = await store.changes.since(0, 100);
        const firstTwo = await store.changes.since(0, 2);
        expect(firstTwo).toEqual(all.slice(0, 2));
        expect(await store.changes.since(all[1]!.seq, 100)).toEqual(all.slice(2));
        expect(await store.changes.prune(all[1]!.seq)).toBe(2);
        expect(await store.changes.since(0, 100)).toEqual(all.slice(2));
        expect(await store.changes.head()).toBe(all[3]!.seq);
      });

      it('never reuses a sequence number after pruning everything', async () => {
        await store.agents.create(agentInput({ name: 'A' }));
        const head = await store.changes.head();
        await store.changes.prune(head);
        await store.agents.create(agentInput({ name: 'B' }));
        expect(await store.changes.head()).toBeGreaterThan(head);
      });
    });

    describe('users', () => {
      const user = {
        email: 'Grace@Example.com',
        full_name: 'Grace Hopper',
        organization: 'Navy',
        user_type: 'employer' as const,
        password_hash: 'scrypt$hash',
      };

      it('creates a user without exposing the password hash', async () => {
        const created = await store.users.create(user);
        expect(created).toMatchObject({
          email: 'grace@example.com',
          full_name: 'Grace Hopper',
          phone: null,
          subscription_status: 'inactive',
          stripe_customer_id: null,
          user_type: 'employer',
        });
        expect(created).not.toHaveProperty('password_hash');
        expect(await store.users.findById(created.id)).toEqual(created);
      });

      it('refuses a second account with the same email in any case', async () => {
        await store.users.create(user);
        await expect(store.users.create({ ...user, email: 'GRACE@example.COM' })).rejects.toBeInstanceOf(
          DuplicateUserError,
        );
      });

      it('finds a user by email in any case; only the sign-in lookup carries the hash', async () => {
        const created = await store.users.create(user);
        expect(await store.users.findByEmail('GRACE@EXAMPLE.COM')).toEqual(created);
        expect(await store.users.findByEmailWithSecret('grace@example.com')).toMatchObject({
          password_hash: 'scrypt$hash',
        });
        expect(await store.users.findByEmail('nobody@example.com')).toBeNull();
        expect(await store.users.findById('nope')).toBeNull();
      });

      it('updates a user and lists users newest first', async () => {
        const first = await store.users.create(user);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const second = await store.users.create({
          ...user,
          email: 'ada@example.com',
          user_type: 'agent_provider',
        });
        const updated = await store.users.update(first.id, {
          subscription_status: 'active',
          stripe_customer_id: 'cus_1',
        });
        expect(updated).toMatchObject({ subscription_status: 'active', stripe_customer_id: 'cus_1' });
        expect((await store.users.list()).map((u) => u.id)).toEqual([second.id, first.id]);
      });
    });

    describe('sessions', () => {
      it('stores, reads, extends and destroys a session', async () => {
        const later = new Date(Date.now() + 60_000);
        await store.sessions.set('sid-1', '{"a":1}', later);
        expect(await store.sessions.get('sid-1')).toBe('{"a":1}');
        await store.sessions.set('sid-1', '{"a":2}', later);
        expect(await store.sessions.get('sid-1')).toBe('{"a":2}');
        await store.sessions.touch('sid-1', new Date(Date.now() + 120_000));
        expect(await store.sessions.get('sid-1')).toBe('{"a":2}');
        await store.sessions.destroy('sid-1');
        expect(await store.sessions.get('sid-1')).toBeNull();
      });

      it('treats an expired session as absent and purges it', async () => {
        await store.sessions.set('old', '{}', new Date(Date.now() - 1000));
        await store.sessions.set('new', '{}', new Date(Date.now() + 60_000));
        expect(await store.sessions.get('old')).toBeNull();
        expect(await store.sessions.purgeExpired()).toBe(1);
        expect(await store.sessions.get('new')).toBe('{}');
      });
    });

    describe('key-value settings', () => {
      it('reads null for a missing key and overwrites on set', async () => {
        expect(await store.kv.get('checkpoint')).toBeNull();
        await store.kv.set('checkpoint', '1');
        await store.kv.set('checkpoint', '2');
        expect(await store.kv.get('checkpoint')).toBe('2');
      });
    });

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
