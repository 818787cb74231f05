import { AGENT_LIST_MAX, type Store } from '../port';
import { agentInput } from './fixtures';

// The agents' listing part of the store contract: the listing's order, its filters (category,
// role, owner, e-mail, a part of the name), pages, distinct categories and roles, and counts. Run
// inside describeAgentsContract's 'agents', in its place of that suite's order.

export function describeAgentListsContract(store: () => Store): void {
  it('lists agents sorted by category, then role, then name', async () => {
    await store().agents.create(agentInput({ name: 'Zed', category: 'Sales', role: 'Account Executive' }));
    await store().agents.create(agentInput({ name: 'Beta', category: 'finance', role: 'Bookkeeper' }));
    await store().agents.create(agentInput({ name: 'alpha', category: 'Finance', role: 'Bookkeeper' }));
    await store().agents.create(agentInput({ name: 'Acme', category: 'Finance', role: 'Accountant' }));
    expect((await store().agents.list()).map((a) => a.name)).toEqual(['Acme', 'alpha', 'Beta', 'Zed']);
  });

  it('filters by category and role without regard to case, and by owner', async () => {
    await store().agents.create(
      agentInput({ name: 'A', category: 'Finance', role: 'Bookkeeper', owner_id: 'u1' }),
    );
    await store().agents.create(agentInput({ name: 'B', category: 'Finance', role: 'Accountant' }));
    await store().agents.create(agentInput({ name: 'C', category: 'Legal', role: 'Bookkeeper' }));
    const names = async (options: Parameters<Store['agents']['list']>[0]) =>
      (await store().agents.list(options)).map((a) => a.name);
    expect(await names({ category: 'finance', role: 'BOOKKEEPER' })).toEqual(['A']);
    expect(await names({ category: 'Finance' })).toEqual(['B', 'A']);
    expect(await names({ ownerId: 'u1' })).toEqual(['A']);
  });

  it('filters list and count by e-mail without regard to case, and by agents nobody owns', async () => {
    await store().agents.create(agentInput({ name: 'A', email: 'Ada@Example.com' }));
    await store().agents.create(agentInput({ name: 'B', email: 'ada@example.com', owner_id: 'u1' }));
    const removed = await store().agents.create(agentInput({ name: 'C', email: 'ada@example.com' }));
    await store().agents.update(removed.id, { removed: true });
    await store().agents.create(agentInput({ name: 'D', email: 'grace@example.com' }));
    await store().agents.create(agentInput({ name: 'E' }));
    const names = async (options: Parameters<Store['agents']['list']>[0]) =>
      (await store().agents.list(options)).map((a) => a.name).sort();

    expect(await names({ email: ' ADA@example.COM ' })).toEqual(['A', 'B']);
    expect(await names({ email: 'ada@example.com', unowned: true })).toEqual(['A']);
    expect(await names({ email: 'ada@example.com', unowned: true, includeRemoved: true })).toEqual([
      'A',
      'C',
    ]);
    expect(await names({ unowned: true })).toEqual(['A', 'D', 'E']);
    expect(await names({ email: 'ada@example.com', ownerId: 'u1' })).toEqual(['B']);
    expect(await names({ email: 'ada@example.com', ownerId: 'U1' })).toEqual([]);

    expect(await store().agents.count({ email: 'ADA@EXAMPLE.COM' })).toBe(2);
    expect(await store().agents.count({ email: 'ada@example.com', unowned: true })).toBe(1);
    expect(await store().agents.count({ email: 'ada@example.com', includeRemoved: true })).toBe(3);
    expect(await store().agents.count({ email: 'ada@example.com', ownerId: 'u1' })).toBe(1);
    expect(await store().agents.count({ email: 'ada@example.com', ownerId: 'U1' })).toBe(0);
    expect(await store().agents.count({ ownerId: 'u1' })).toBe(1);
    expect(await store().agents.count({ unowned: true })).toBe(3);
    expect(await store().agents.count({ email: 'nobody@example.com' })).toBe(0);
  });

  it('filters list and count by a part of the name, without regard to case, matching % and _ as text', async () => {
    await store().agents.create(agentInput({ name: 'LedgerLark', category: 'Finance' }));
    await store().agents.create(agentInput({ name: 'Lark Ledger', category: 'Finance' }));
    const gone = await store().agents.create(agentInput({ name: 'Old ledger', category: 'Legal' }));
    await store().agents.update(gone.id, { removed: true });
    await store().agents.create(agentInput({ name: '100% Books' }));
    await store().agents.create(agentInput({ name: 'Tax_Helper' }));
    await store().agents.create(agentInput({ name: 'TaxHelper' }));
    const names = async (options: Parameters<Store['agents']['list']>[0]) =>
      (await store().agents.list(options)).map((a) => a.name).sort();

    expect(await names({ nameContains: 'LEDGER' })).toEqual(['Lark Ledger', 'LedgerLark']);
    expect(await names({ nameContains: 'ledger', includeRemoved: true })).toEqual([
      'Lark Ledger',
      'LedgerLark',
      'Old ledger',
    ]);
    expect(await names({ nameContains: 'ledger', category: 'finance', limit: 1 })).toEqual(['Lark Ledger']);
    expect(await names({ nameContains: '0% B' })).toEqual(['100% Books']);
    expect(await names({ nameContains: '%' })).toEqual(['100% Books']);
    expect(await names({ nameContains: 'x_h' })).toEqual(['Tax_Helper']);
    expect(await names({ nameContains: '.*' })).toEqual([]);
    expect(await store().agents.count({ nameContains: 'Ledger' })).toBe(2);
    expect(await store().agents.count({ nameContains: 'Ledger', includeRemoved: true })).toBe(3);
    expect(await store().agents.count({ nameContains: 'nothing like it' })).toBe(0);
  });

  it('lists distinct categories and roles, sorted, optionally within a category', async () => {
    await store().agents.create(agentInput({ name: 'A', category: 'Sales', role: 'Sales Coach' }));
    await store().agents.create(agentInput({ name: 'B', category: 'Finance', role: 'Bookkeeper' }));
    await store().agents.create(agentInput({ name: 'C', category: 'Finance', role: 'Accountant' }));
    await store().agents.create(agentInput({ name: 'D', category: 'Finance', role: 'Accountant' }));
    expect(await store().agents.categories()).toEqual(['Finance', 'Sales']);
    expect(await store().agents.roles()).toEqual(['Accountant', 'Bookkeeper', 'Sales Coach']);
    expect(await store().agents.roles('Finance')).toEqual(['Accountant', 'Bookkeeper']);
    expect(await store().agents.roles('Nothing')).toEqual([]);
  });

  it('answers one page of the order with limit and offset, pages neither overlapping nor skipping', async () => {
    // Equal category, role and name: only the id tells them apart, and the pages still hold.
    await store().agents.importMany(
      Array.from({ length: 7 }, (_, i) =>
        agentInput({ name: i < 3 ? 'Twin' : `Agent ${i}`, provider: `Maker ${i}` }),
      ),
    );
    const whole = (await store().agents.list()).map((agent) => agent.id);
    expect(whole).toHaveLength(7);
    const pages = [
      await store().agents.list({ limit: 3 }),
      await store().agents.list({ limit: 3, offset: 3 }),
      await store().agents.list({ limit: 3, offset: 6 }),
    ];
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat().map((agent) => agent.id)).toEqual(whole);
    expect(await store().agents.list({ offset: 7 })).toEqual([]);
    expect(await store().agents.list({ limit: 0 })).toEqual([]);
  });

  it('pages within a filter, by owner too', async () => {
    for (const name of ['D', 'C', 'B', 'A']) {
      await store().agents.create(
        agentInput({ name, category: 'Finance', role: 'Bookkeeper', owner_id: name < 'C' ? 'u1' : 'u2' }),
      );
    }
    await store().agents.create(agentInput({ name: 'E', category: 'Legal', role: 'Paralegal' }));
    const names = async (options: Parameters<Store['agents']['list']>[0]) =>
      (await store().agents.list(options)).map((a) => a.name);
    expect(await names({ category: 'finance', limit: 2, offset: 1 })).toEqual(['B', 'C']);
    expect(await names({ ownerId: 'u1', limit: 1, offset: 1 })).toEqual(['B']);
    expect(await names({ ownerId: 'U1', limit: 1 })).toEqual([]);
  });

  it("pages one owner's listed agents in the listing's order, others' and removed ones left out (provider pages)", async () => {
    const specs: Array<[string, string, string, string]> = [
      ['zeta', 'Legal', 'Paralegal', 'u1'],
      ['Alpha', 'finance', 'Bookkeeper', 'u1'],
      ['beta', 'Finance', 'bookkeeper', 'u1'],
      ['Gamma', 'Finance', 'Accountant', 'u1'],
      ['delta', 'Education', 'Tutor', 'u1'],
      ['Other', 'Finance', 'Accountant', 'u2'],
      ['Gone', 'Finance', 'Accountant', 'u1'],
    ];
    for (const [name, category, role, owner_id] of specs) {
      const agent = await store().agents.create(agentInput({ name, category, role, owner_id }));
      if (name === 'Gone') await store().agents.update(agent.id, { removed: true });
    }
    const names = async (options: Parameters<Store['agents']['list']>[0]) =>
      (await store().agents.list(options)).map((a) => a.name);
    const order = ['delta', 'Gamma', 'Alpha', 'beta', 'zeta'];
    expect(await names({ ownerId: 'u1' })).toEqual(order);
    const pages = [0, 2, 4, 6].map((offset) => names({ ownerId: 'u1', limit: 2, offset }));
    expect(await Promise.all(pages)).toEqual([['delta', 'Gamma'], ['Alpha', 'beta'], ['zeta'], []]);
    expect(await store().agents.count({ ownerId: 'u1' })).toBe(5);
    expect(await names({ ownerId: 'u1', includeRemoved: true })).toEqual([
      'delta',
      'Gamma',
      'Gone',
      'Alpha',
      'beta',
      'zeta',
    ]);
  });

  it(`answers at most ${AGENT_LIST_MAX} agents from one list(), whatever the limit asked`, async () => {
    await store().agents.importMany(
      Array.from({ length: AGENT_LIST_MAX + 2 }, (_, i) => agentInput({ name: `Agent ${i}` })),
    );
    expect(await store().agents.list()).toHaveLength(AGENT_LIST_MAX);
    expect(await store().agents.list({ limit: AGENT_LIST_MAX * 10 })).toHaveLength(AGENT_LIST_MAX);
    expect(await store().agents.list({ offset: AGENT_LIST_MAX })).toHaveLength(2);
    expect(await store().agents.list({ limit: -5 })).toEqual([]);
  });

  it('counts with the same category and role filters as list, without regard to case', async () => {
    await store().agents.create(agentInput({ name: 'A', category: 'Finance', role: 'Bookkeeper' }));
    await store().agents.create(agentInput({ name: 'B', category: 'finance', role: 'Accountant' }));
    await store().agents.create(agentInput({ name: 'C', category: 'Legal', role: 'Bookkeeper' }));
    const removed = await store().agents.create(
      agentInput({ name: 'D', category: 'Finance', role: 'Bookkeeper' }),
    );
    await store().agents.update(removed.id, { removed: true });
    expect(await store().agents.count({ category: 'FINANCE' })).toBe(2);
    expect(await store().agents.count({ category: 'Finance', role: 'bookkeeper' })).toBe(1);
    expect(await store().agents.count({ role: 'Bookkeeper' })).toBe(2);
    expect(await store().agents.count({ category: 'Finance', includeRemoved: true })).toBe(3);
    expect(await store().agents.count({ category: 'Nothing' })).toBe(0);
  });

  it('counts agents per category, and per role within a category, as categories() and roles() list them', async () => {
    const add = (name: string, category: string, role: string) =>
      store().agents.create(agentInput({ name, category, role }));
    await add('A', 'Sales', 'Sales Coach');
    await add('B', 'Finance', 'Bookkeeper');
    await add('C', 'Finance', 'Accountant');
    await add('D', 'Finance', 'Accountant');
    await add('E', 'finance', 'accountant');
    const removed = await add('F', 'Legal', 'Paralegal');
    await store().agents.update(removed.id, { removed: true });

    const byCategory = await store().agents.countBy('category');
    expect(byCategory.map((group) => group.value)).toEqual(await store().agents.categories());
    expect(byCategory).toEqual([
      { value: 'Finance', count: 3 },
      { value: 'finance', count: 1 },
      { value: 'Sales', count: 1 },
    ]);
    const inFinance = await store().agents.countBy('role', { category: 'FINANCE' });
    expect(inFinance.map((group) => group.value)).toEqual(await store().agents.roles('FINANCE'));
    expect(inFinance).toEqual([
      { value: 'Accountant', count: 2 },
      { value: 'accountant', count: 1 },
      { value: 'Bookkeeper', count: 1 },
    ]);
    expect(await store().agents.countBy('role', { category: 'Legal' })).toEqual([]);
    expect((await store().agents.countBy('role')).map((group) => group.count)).toEqual([2, 1, 1, 1]);
  });
}
