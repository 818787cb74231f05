import { AGENT_FIELDS, type Agent, type AgentField } from '@agentry/domain/agent';
import { describeAdminAreaContract } from './contract-admin';
import { describeApiKeysContract } from './contract-api-keys';
import { describeCountOnceContract } from './contract-count-once';
import { describeEmployerToolsContract } from './contract-employer';
import { agentInput } from './contract-fixtures';
import { describeOwnershipContract } from './contract-ownership';
import { describeProfilesContract } from './contract-profiles';
import { describeProvidersContract } from './contract-providers';
import { describeRequestOutcomesContract } from './contract-request-outcomes';
import { describeSavedSearchesContract } from './contract-saved-searches';
import { describeTeamContract } from './contract-team';
import { describeToolUsageContract } from './contract-tool-usage';
import { describeTrustContract } from './contract-trust';
import {
  AGENT_LIST_MAX,
  DuplicateAgentError,
  DuplicateUserError,
  type Store,
  type SubscriptionRecord,
} from './port';

// The one behaviour every store adapter must have. Each adapter's test file calls this with a
// function that opens a fresh, empty store.

export { agentInput };

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
          held_for: null,
          owner_id: null,
          pricing: 'paid',
          price_monthly: 29,
        });
        expect(Date.parse(agent.created_at)).not.toBeNaN();
        expect(await store.agents.get(agent.id)).toEqual(agent);
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
        const created = await store.agents.create(values('first'));
        const fieldsOf = (agent: Pick<Agent, AgentField> | null | undefined) =>
          Object.fromEntries(AGENT_FIELDS.map((field) => [field, agent?.[field]]));
        expect(fieldsOf(created)).toEqual(values('first'));
        expect(fieldsOf(await store.agents.update(created.id, values('second')))).toEqual(values('second'));
        expect(fieldsOf(await store.agents.get(created.id))).toEqual(values('second'));
        expect(fieldsOf((await store.agents.getMany([created.id]))[0])).toEqual(values('second'));
        const listed = (await store.agents.list({ limit: 10 })).find((agent) => agent.id === created.id);
        expect(fieldsOf(listed)).toEqual(values('second'));
        const scanned = (await collect(store.agents.scan(10)))
          .flat()
          .find((agent) => agent.id === created.id);
        expect(fieldsOf(scanned)).toEqual(values('second'));
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

      it('filters list and count by e-mail without regard to case, and by agents nobody owns', async () => {
        await store.agents.create(agentInput({ name: 'A', email: 'Ada@Example.com' }));
        await store.agents.create(agentInput({ name: 'B', email: 'ada@example.com', owner_id: 'u1' }));
        const removed = await store.agents.create(agentInput({ name: 'C', email: 'ada@example.com' }));
        await store.agents.update(removed.id, { removed: true });
        await store.agents.create(agentInput({ name: 'D', email: 'grace@example.com' }));
        await store.agents.create(agentInput({ name: 'E' }));
        const names = async (options: Parameters<Store['agents']['list']>[0]) =>
          (await store.agents.list(options)).map((a) => a.name).sort();

        expect(await names({ email: ' ADA@example.COM ' })).toEqual(['A', 'B']);
        expect(await names({ email: 'ada@example.com', unowned: true })).toEqual(['A']);
        expect(await names({ email: 'ada@example.com', unowned: true, includeRemoved: true })).toEqual([
          'A',
          'C',
        ]);
        expect(await names({ unowned: true })).toEqual(['A', 'D', 'E']);
        expect(await names({ email: 'ada@example.com', ownerId: 'u1' })).toEqual(['B']);
        expect(await names({ email: 'ada@example.com', ownerId: 'U1' })).toEqual([]);

        expect(await store.agents.count({ email: 'ADA@EXAMPLE.COM' })).toBe(2);
        expect(await store.agents.count({ email: 'ada@example.com', unowned: true })).toBe(1);
        expect(await store.agents.count({ email: 'ada@example.com', includeRemoved: true })).toBe(3);
        expect(await store.agents.count({ email: 'ada@example.com', ownerId: 'u1' })).toBe(1);
        expect(await store.agents.count({ email: 'ada@example.com', ownerId: 'U1' })).toBe(0);
        expect(await store.agents.count({ ownerId: 'u1' })).toBe(1);
        expect(await store.agents.count({ unowned: true })).toBe(3);
        expect(await store.agents.count({ email: 'nobody@example.com' })).toBe(0);
      });

      it('filters list and count by a part of the name, without regard to case, matching % and _ as text', async () => {
        await store.agents.create(agentInput({ name: 'LedgerLark', category: 'Finance' }));
        await store.agents.create(agentInput({ name: 'Lark Ledger', category: 'Finance' }));
        const gone = await store.agents.create(agentInput({ name: 'Old ledger', category: 'Legal' }));
        await store.agents.update(gone.id, { removed: true });
        await store.agents.create(agentInput({ name: '100% Books' }));
        await store.agents.create(agentInput({ name: 'Tax_Helper' }));
        await store.agents.create(agentInput({ name: 'TaxHelper' }));
        const names = async (options: Parameters<Store['agents']['list']>[0]) =>
          (await store.agents.list(options)).map((a) => a.name).sort();

        expect(await names({ nameContains: 'LEDGER' })).toEqual(['Lark Ledger', 'LedgerLark']);
        expect(await names({ nameContains: 'ledger', includeRemoved: true })).toEqual([
          'Lark Ledger',
          'LedgerLark',
          'Old ledger',
        ]);
        expect(await names({ nameContains: 'ledger', category: 'finance', limit: 1 })).toEqual([
          'Lark Ledger',
        ]);
        expect(await names({ nameContains: '0% B' })).toEqual(['100% Books']);
        expect(await names({ nameContains: '%' })).toEqual(['100% Books']);
        expect(await names({ nameContains: 'x_h' })).toEqual(['Tax_Helper']);
        expect(await names({ nameContains: '.*' })).toEqual([]);
        expect(await store.agents.count({ nameContains: 'Ledger' })).toBe(2);
        expect(await store.agents.count({ nameContains: 'Ledger', includeRemoved: true })).toBe(3);
        expect(await store.agents.count({ nameContains: 'nothing like it' })).toBe(0);
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

      it('answers one page of the order with limit and offset, pages neither overlapping nor skipping', async () => {
        // Equal category, role and name: only the id tells them apart, and the pages still hold.
        await store.agents.importMany(
          Array.from({ length: 7 }, (_, i) =>
            agentInput({ name: i < 3 ? 'Twin' : `Agent ${i}`, provider: `Maker ${i}` }),
          ),
        );
        const whole = (await store.agents.list()).map((agent) => agent.id);
        expect(whole).toHaveLength(7);
        const pages = [
          await store.agents.list({ limit: 3 }),
          await store.agents.list({ limit: 3, offset: 3 }),
          await store.agents.list({ limit: 3, offset: 6 }),
        ];
        expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
        expect(pages.flat().map((agent) => agent.id)).toEqual(whole);
        expect(await store.agents.list({ offset: 7 })).toEqual([]);
        expect(await store.agents.list({ limit: 0 })).toEqual([]);
      });

      it('pages within a filter, by owner too', async () => {
        for (const name of ['D', 'C', 'B', 'A']) {
          await store.agents.create(
            agentInput({ name, category: 'Finance', role: 'Bookkeeper', owner_id: name < 'C' ? 'u1' : 'u2' }),
          );
        }
        await store.agents.create(agentInput({ name: 'E', category: 'Legal', role: 'Paralegal' }));
        const names = async (options: Parameters<Store['agents']['list']>[0]) =>
          (await store.agents.list(options)).map((a) => a.name);
        expect(await names({ category: 'finance', limit: 2, offset: 1 })).toEqual(['B', 'C']);
        expect(await names({ ownerId: 'u1', limit: 1, offset: 1 })).toEqual(['B']);
        expect(await names({ ownerId: 'U1', limit: 1 })).toEqual([]);
      });

      it(`answers at most ${AGENT_LIST_MAX} agents from one list(), whatever the limit asked`, async () => {
        await store.agents.importMany(
          Array.from({ length: AGENT_LIST_MAX + 2 }, (_, i) => agentInput({ name: `Agent ${i}` })),
        );
        expect(await store.agents.list()).toHaveLength(AGENT_LIST_MAX);
        expect(await store.agents.list({ limit: AGENT_LIST_MAX * 10 })).toHaveLength(AGENT_LIST_MAX);
        expect(await store.agents.list({ offset: AGENT_LIST_MAX })).toHaveLength(2);
        expect(await store.agents.list({ limit: -5 })).toEqual([]);
      });

      it('counts with the same category and role filters as list, without regard to case', async () => {
        await store.agents.create(agentInput({ name: 'A', category: 'Finance', role: 'Bookkeeper' }));
        await store.agents.create(agentInput({ name: 'B', category: 'finance', role: 'Accountant' }));
        await store.agents.create(agentInput({ name: 'C', category: 'Legal', role: 'Bookkeeper' }));
        const removed = await store.agents.create(
          agentInput({ name: 'D', category: 'Finance', role: 'Bookkeeper' }),
        );
        await store.agents.update(removed.id, { removed: true });
        expect(await store.agents.count({ category: 'FINANCE' })).toBe(2);
        expect(await store.agents.count({ category: 'Finance', role: 'bookkeeper' })).toBe(1);
        expect(await store.agents.count({ role: 'Bookkeeper' })).toBe(2);
        expect(await store.agents.count({ category: 'Finance', includeRemoved: true })).toBe(3);
        expect(await store.agents.count({ category: 'Nothing' })).toBe(0);
      });

      it('counts agents per category, and per role within a category, as categories() and roles() list them', async () => {
        const add = (name: string, category: string, role: string) =>
          store.agents.create(agentInput({ name, category, role }));
        await add('A', 'Sales', 'Sales Coach');
        await add('B', 'Finance', 'Bookkeeper');
        await add('C', 'Finance', 'Accountant');
        await add('D', 'Finance', 'Accountant');
        await add('E', 'finance', 'accountant');
        const removed = await add('F', 'Legal', 'Paralegal');
        await store.agents.update(removed.id, { removed: true });

        const byCategory = await store.agents.countBy('category');
        expect(byCategory.map((group) => group.value)).toEqual(await store.agents.categories());
        expect(byCategory).toEqual([
          { value: 'Finance', count: 3 },
          { value: 'finance', count: 1 },
          { value: 'Sales', count: 1 },
        ]);
        const inFinance = await store.agents.countBy('role', { category: 'FINANCE' });
        expect(inFinance.map((group) => group.value)).toEqual(await store.agents.roles('FINANCE'));
        expect(inFinance).toEqual([
          { value: 'Accountant', count: 2 },
          { value: 'accountant', count: 1 },
          { value: 'Bookkeeper', count: 1 },
        ]);
        expect(await store.agents.countBy('role', { category: 'Legal' })).toEqual([]);
        expect((await store.agents.countBy('role')).map((group) => group.count)).toEqual([2, 1, 1, 1]);
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

      it('imports a batch of thousands, reporting repeats by their place in the whole batch', async () => {
        // Past 1,000 rows MongoDB writes a transaction per 1,000 (its transactions must end within a
        // minute): a repeat of an earlier chunk's agent is still found, at its place in the batch.
        const batch = Array.from({ length: 2_500 }, (_, i) => agentInput({ name: `Bulk ${i}` }));
        batch[1_500] = agentInput({ name: 'bulk 10' });
        batch[2_499] = agentInput({ name: 'BULK 1500' });
        const outcome = await store.agents.importMany(batch);
        expect(outcome.duplicates).toEqual([{ index: 1_500, name: 'bulk 10', provider: 'Northwind Labs' }]);
        expect(outcome.added).toBe(2_499);
        expect(await store.agents.count()).toBe(2_499);
        expect((await store.changes.since(0, 3_000)).length).toBe(2_499);
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

      it('finds by plain matching the agent named by a whole word before those whose names only contain it', async () => {
        for (const name of ['Ledger113', 'Ledger11x', 'Ledger11', 'Ledger110'])
          await store.agents.create(agentInput({ name, address: `https://${name}.example` }));
        const found = await store.agents.searchBasic('ledger11', 10);
        expect(found[0]!.name).toBe('Ledger11');
        expect(found).toHaveLength(4);
      });

      it('scans every agent not removed in batches of the given size', async () => {
        for (let i = 0; i < 5; i++) await store.agents.create(agentInput({ name: `Agent ${i}` }));
        const batches = await collect(store.agents.scan(2));
        expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
        expect(new Set(batches.flat().map((agent) => agent.id)).size).toBe(5);
      });

      it('resumes a scan after a given agent, in the same order, and starts nowhere from an unknown id', async () => {
        for (let i = 0; i < 5; i++) await store.agents.create(agentInput({ name: `Agent ${i}` }));
        const order = (await collect(store.agents.scan(10))).flat().map((agent) => agent.id);
        const rest = (await collect(store.agents.scan(2, order[1]))).flat().map((agent) => agent.id);
        expect(rest).toEqual(order.slice(2));
        expect(await collect(store.agents.scan(2, order[4]))).toEqual([]);
        expect(await collect(store.agents.scan(2, 'not-an-id'))).toEqual([]);
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
        const accented = await store.users.create({ ...user, email: 'Élodie@Example.com' });
        expect(await store.users.findByEmail('ÉLODIE@example.com')).toEqual(accented);
        expect(await store.users.findById('nope')).toBeNull();
      });

      it('creates a user with no verified e-mail, slug or website unless given', async () => {
        const plain = await store.users.create(user);
        expect(plain).toMatchObject({ email_verified_at: null, slug: null, website: null });
        const verifiedAt = new Date().toISOString();
        const provider = await store.users.create({
          ...user,
          email: 'ada@example.com',
          user_type: 'agent_provider',
          email_verified_at: verifiedAt,
          slug: 'analytical-engines',
          website: 'https://engines.example',
        });
        expect(await store.users.findById(provider.id)).toMatchObject({
          email_verified_at: verifiedAt,
          slug: 'analytical-engines',
          website: 'https://engines.example',
        });
      });

      it('refuses a taken slug, naming the slug; any number of users have none', async () => {
        await store.users.create({ ...user, slug: 'navy' });
        await store.users.create({ ...user, email: 'second@example.com' });
        await store.users.create({ ...user, email: 'third@example.com', slug: null });
        const clash = store.users.create({ ...user, email: 'fourth@example.com', slug: 'navy' });
        await expect(clash).rejects.toBeInstanceOf(DuplicateUserError);
        await expect(clash).rejects.toMatchObject({ field: 'slug' });
        await expect(store.users.create({ ...user, email: 'GRACE@example.com' })).rejects.toMatchObject({
          field: 'email',
        });
        expect(await store.users.findByEmail('fourth@example.com')).toBeNull();
      });

      it('finds a user by slug and by payment customer id', async () => {
        const created = await store.users.create({ ...user, slug: 'navy' });
        await store.users.update(created.id, { stripe_customer_id: 'cus_9' });
        expect((await store.users.findBySlug('navy'))?.id).toBe(created.id);
        expect((await store.users.findByStripeCustomerId('cus_9'))?.id).toBe(created.id);
        expect(await store.users.findBySlug('army')).toBeNull();
        expect(await store.users.findByStripeCustomerId('cus_0')).toBeNull();
        expect(await store.users.findBySlug('navy')).not.toHaveProperty('password_hash');
      });

      it('updates the new fields and stores a new e-mail trimmed and lower-cased', async () => {
        const created = await store.users.create(user);
        const verifiedAt = new Date().toISOString();
        const updated = await store.users.update(created.id, {
          email: '  Grace.Hopper@Example.COM ',
          email_verified_at: verifiedAt,
          slug: 'grace',
          website: 'https://grace.example',
        });
        expect(updated).toMatchObject({
          email: 'grace.hopper@example.com',
          email_verified_at: verifiedAt,
          slug: 'grace',
          website: 'https://grace.example',
        });
        expect((await store.users.findByEmail('GRACE.HOPPER@example.com'))?.id).toBe(created.id);
        expect(await store.users.findByEmail('grace@example.com')).toBeNull();
        expect(await store.users.update(created.id, { slug: null, website: null })).toMatchObject({
          slug: null,
          website: null,
        });
      });

      it('changes the password hash through update, seen only by the sign-in lookup', async () => {
        const created = await store.users.create(user);
        const updated = await store.users.update(created.id, { password_hash: 'scrypt$new' });
        expect(updated).not.toHaveProperty('password_hash');
        expect(await store.users.findByEmailWithSecret(user.email)).toMatchObject({
          password_hash: 'scrypt$new',
        });
      });

      it('refuses an update to a taken e-mail or slug, naming which, and changes nothing', async () => {
        const grace = await store.users.create({ ...user, slug: 'navy' });
        const ada = await store.users.create({ ...user, email: 'ada@example.com', slug: 'engines' });
        await expect(store.users.update(ada.id, { email: 'GRACE@example.com' })).rejects.toMatchObject({
          name: 'DuplicateUserError',
          field: 'email',
        });
        await expect(store.users.update(ada.id, { slug: 'navy', full_name: 'Ada' })).rejects.toMatchObject({
          name: 'DuplicateUserError',
          field: 'slug',
        });
        expect(await store.users.findById(ada.id)).toEqual(ada);
        expect(await store.users.findById(grace.id)).toEqual(grace);
      });

      it('leaves a user as is, updated_at included, when a patch changes nothing', async () => {
        const created = await store.users.create(user);
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect(await store.users.update(created.id, { website: undefined })).toEqual(created);
        expect(await store.users.update('424242', { full_name: 'Nobody' })).toBeNull();
        expect(await store.users.update('nope', { full_name: 'Nobody' })).toBeNull();
      });

      it('lists subscribed providers with a page, by slug, at most the limit', async () => {
        const provider = (email: string, slug: string | null, subscription_status: string) =>
          store.users.create({ ...user, email, slug, subscription_status, user_type: 'agent_provider' });
        await provider('c@example.com', 'charlie', 'active');
        await provider('a@example.com', 'alpha', 'active');
        await provider('b@example.com', 'bravo', 'active');
        await provider('i@example.com', 'inactive-one', 'inactive');
        await provider('n@example.com', null, 'active');
        await store.users.create({
          ...user,
          email: 'e@example.com',
          slug: 'employer',
          subscription_status: 'active',
        });

        const slugs = async (limit: number) =>
          (await store.users.listSubscribedProviders(limit)).map((found) => found.slug);
        expect(await slugs(10)).toEqual(['alpha', 'bravo', 'charlie']);
        expect(await slugs(2)).toEqual(['alpha', 'bravo']);
        expect(await slugs(0)).toEqual([]);
        expect((await store.users.listSubscribedProviders(1))[0]).not.toHaveProperty('password_hash');
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

    describe('sessions of a user', () => {
      const later = () => new Date(Date.now() + 60_000);

      it("ends every session of a user but the one kept, and nobody else's", async () => {
        await store.sessions.set('laptop', '{}', later(), 'u1');
        await store.sessions.set('phone', '{}', later(), 'u1');
        await store.sessions.set('tablet', '{}', later(), 'u1');
        await store.sessions.set('other', '{}', later(), 'u2');
        await store.sessions.set('anonymous', '{}', later());

        expect(await store.sessions.destroyForUser('u1', 'laptop')).toBe(2);
        expect(await store.sessions.get('laptop')).toBe('{}');
        expect(await store.sessions.get('phone')).toBeNull();
        expect(await store.sessions.get('tablet')).toBeNull();
        expect(await store.sessions.get('other')).toBe('{}');
        expect(await store.sessions.get('anonymous')).toBe('{}');

        expect(await store.sessions.destroyForUser('u1')).toBe(1);
        expect(await store.sessions.get('laptop')).toBeNull();
        expect(await store.sessions.destroyForUser('nobody')).toBe(0);
      });

      it('forgets the user of a session saved again without one (signed out)', async () => {
        await store.sessions.set('sid', '{"passport":{"user":"u1"}}', later(), 'u1');
        await store.sessions.set('sid', '{}', later(), null);
        expect(await store.sessions.destroyForUser('u1')).toBe(0);
        expect(await store.sessions.get('sid')).toBe('{}');
        await store.sessions.set('sid', '{}', later(), 'u2');
        expect(await store.sessions.destroyForUser('u2')).toBe(1);
      });
    });

    describe('one-time tokens', () => {
      const inAnHour = () => new Date(Date.now() + 3_600_000);

      it('gives a token back once, with what it was issued with', async () => {
        const expiresAt = inAnHour();
        await store.tokens.issue({
          token_hash: 'hash-1',
          purpose: 'change_email',
          user_id: 'u1',
          data: 'new@example.com',
          expires_at: expiresAt,
        });
        const found = await store.tokens.consume('hash-1', 'change_email');
        expect(found).toMatchObject({
          token_hash: 'hash-1',
          purpose: 'change_email',
          user_id: 'u1',
          data: 'new@example.com',
          expires_at: expiresAt.toISOString(),
        });
        expect(Date.parse(found!.created_at)).not.toBeNaN();
        expect(await store.tokens.consume('hash-1', 'change_email')).toBeNull();
        expect(await store.tokens.consume('unknown', 'change_email')).toBeNull();
      });

      it('keeps a token asked for with another purpose', async () => {
        await store.tokens.issue({
          token_hash: 'hash-1',
          purpose: 'verify_email',
          user_id: 'u1',
          expires_at: inAnHour(),
        });
        expect(await store.tokens.consume('hash-1', 'reset_password')).toBeNull();
        expect(await store.tokens.consume('hash-1', 'verify_email')).toMatchObject({
          user_id: 'u1',
          data: null,
        });
      });

      it('refuses an expired token and deletes it', async () => {
        const expiresAt = new Date(Date.now() + 1000);
        await store.tokens.issue({
          token_hash: 'h',
          purpose: 'verify_email',
          user_id: 'u1',
          expires_at: expiresAt,
        });
        expect(await store.tokens.consume('h', 'verify_email', new Date(expiresAt.getTime() + 1))).toBeNull();
        expect(
          await store.tokens.consume('h', 'verify_email', new Date(expiresAt.getTime() - 500)),
        ).toBeNull();
      });

      it('gives a token to only one of two concurrent uses', async () => {
        await store.tokens.issue({
          token_hash: 'h',
          purpose: 'reset_password',
          user_id: 'u1',
          expires_at: inAnHour(),
        });
        const results = await Promise.all([
          store.tokens.consume('h', 'reset_password'),
          store.tokens.consume('h', 'reset_password'),
        ]);
        expect(results.filter((result) => result !== null)).toHaveLength(1);
      });

      it("revokes a user's unused tokens of one purpose only", async () => {
        const issue = (token_hash: string, purpose: 'verify_email' | 'reset_password', user_id: string) =>
          store.tokens.issue({ token_hash, purpose, user_id, expires_at: inAnHour() });
        await issue('a', 'reset_password', 'u1');
        await issue('b', 'reset_password', 'u1');
        await issue('c', 'verify_email', 'u1');
        await issue('d', 'reset_password', 'u2');
        expect(await store.tokens.revoke('u1', 'reset_password')).toBe(2);
        expect(await store.tokens.consume('a', 'reset_password')).toBeNull();
        expect(await store.tokens.consume('b', 'reset_password')).toBeNull();
        expect(await store.tokens.consume('c', 'verify_email')).not.toBeNull();
        expect(await store.tokens.consume('d', 'reset_password')).not.toBeNull();
      });

      it('purges expired tokens only', async () => {
        const now = Date.now();
        await store.tokens.issue({
          token_hash: 'old',
          purpose: 'verify_email',
          user_id: 'u1',
          expires_at: new Date(now - 1000),
        });
        await store.tokens.issue({
          token_hash: 'new',
          purpose: 'verify_email',
          user_id: 'u1',
          expires_at: new Date(now + 60_000),
        });
        expect(await store.tokens.purgeExpired(new Date(now))).toBe(1);
        expect(await store.tokens.consume('new', 'verify_email')).not.toBeNull();
      });
    });

    describe('billing', () => {
      const subscription = (overrides: Partial<Omit<SubscriptionRecord, 'updated_at'>> = {}) => ({
        user_id: 'u1',
        plan: 'agent_provider' as const,
        provider: 'test' as const,
        subscription_id: 'sub_1',
        customer_id: 'cus_1',
        status: 'active',
        cancel_at_period_end: false,
        current_period_start: 1_700_000_000,
        current_period_end: 1_702_592_000,
        ...overrides,
      });

      it("saves a user's subscription and finds it by user and by subscription id", async () => {
        const saved = await store.billing.saveSubscription(subscription({ cancel_at_period_end: true }));
        expect(saved).toMatchObject(subscription({ cancel_at_period_end: true }));
        expect(Date.parse(saved.updated_at)).not.toBeNaN();
        expect(await store.billing.getSubscription('u1')).toEqual(saved);
        expect(await store.billing.findBySubscriptionId('sub_1')).toEqual(saved);
        expect(await store.billing.getSubscription('u2')).toBeNull();
        expect(await store.billing.findBySubscriptionId('sub_2')).toBeNull();
      });

      it('keeps one subscription per user: a new one replaces the old', async () => {
        await store.billing.saveSubscription(subscription({ status: 'canceled' }));
        const second = await store.billing.saveSubscription(
          subscription({ subscription_id: 'sub_2', status: 'active', plan: 'employer', provider: 'stripe' }),
        );
        expect(await store.billing.getSubscription('u1')).toEqual(second);
        expect(second).toMatchObject({ subscription_id: 'sub_2', plan: 'employer', provider: 'stripe' });
        expect(await store.billing.findBySubscriptionId('sub_1')).toBeNull();
      });

      it('lists subscriptions due for a re-read: period ended, not final, oldest first, bounded', async () => {
        const now = 1_800_000_000;
        const due = (user_id: string, current_period_end: number, status = 'active') =>
          store.billing.saveSubscription(
            subscription({ user_id, subscription_id: `sub_${user_id}`, current_period_end, status }),
          );
        await due('late', now - 10);
        await due('later', now - 100, 'past_due');
        await due('exactly', now);
        await due('future', now + 1);
        await due('canceled', now - 1000, 'canceled');
        await due('expired', now - 1000, 'incomplete_expired');
        await due('unpaid', now - 50, 'unpaid');

        const users = async (limit: number) =>
          (await store.billing.listDue(now, limit)).map((record) => record.user_id);
        expect(await users(10)).toEqual(['later', 'unpaid', 'late', 'exactly']);
        expect(await users(2)).toEqual(['later', 'unpaid']);
        expect(await users(0)).toEqual([]);
      });

      it('records a payment event once and handles it again once forgotten', async () => {
        expect(await store.billing.recordEvent('evt_1', 'invoice.paid')).toBe(true);
        expect(await store.billing.recordEvent('evt_1', 'invoice.paid')).toBe(false);
        expect(await store.billing.recordEvent('evt_2', 'invoice.paid')).toBe(true);
        await store.billing.forgetEvent('evt_1');
        expect(await store.billing.recordEvent('evt_1', 'invoice.paid')).toBe(true);
        await store.billing.forgetEvent('evt_unknown');
      });

      it('purges event ids recorded before a time, and only those', async () => {
        await store.billing.recordEvent('evt_old', 'invoice.paid');
        await new Promise((resolve) => setTimeout(resolve, 5));
        const cut = new Date();
        await new Promise((resolve) => setTimeout(resolve, 5));
        await store.billing.recordEvent('evt_new', 'invoice.paid');
        expect(await store.billing.purgeEvents(cut)).toBe(1);
        expect(await store.billing.recordEvent('evt_old', 'invoice.paid')).toBe(true);
        expect(await store.billing.recordEvent('evt_new', 'invoice.paid')).toBe(false);
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

    describeAdminAreaContract(() => store);
    describeEmployerToolsContract(() => store);
    describeCountOnceContract(() => store);
    describeToolUsageContract(() => store);
    describeApiKeysContract(() => store);
    describeOwnershipContract(() => store);
    describeTrustContract(() => store);
    describeProfilesContract(() => store);
    describeTeamContract(() => store);
    describeSavedSearchesContract(() => store);
    describeRequestOutcomesContract(() => store);
    describeProvidersContract(() => store);

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
