import { agentInput } from '@agentry/platform/store/contract/fixtures';
import type { Admin, Store } from '@agentry/platform/store/port';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { mergeProviders } from './merge-providers';

// A merge is bounded per request: past its bound it says `remaining`, and the same merge sent again
// moves the rest (the clashes it already reported are read again, never moved).

describe('mergeProviders', () => {
  let store: Store;
  const admin = { id: '1', username: 'staff' } as Admin;
  beforeEach(() => {
    store = openSqliteStore(':memory:');
  });
  afterEach(() => store.close());

  it('stops at its bound with remaining, and finishes when sent again', async () => {
    await store.agents.create(agentInput({ name: 'Agent 0', provider: 'openai.com' }));
    for (let i = 0; i < 7; i += 1)
      await store.agents.create(agentInput({ name: `Agent ${i}`, provider: 'openai' }));
    const bounds = { agents: 5, batch: 3 };
    const input = { from: ['openai'], into: 'openai.com' };

    const first = await mergeProviders({ store }, { admin, ...input, bounds });
    expect(first).toMatchObject({ moved: 4, clashed_total: 1, remaining: true });
    const second = await mergeProviders({ store }, { admin, ...input, bounds });
    expect(second).toMatchObject({ moved: 2, clashed_total: 1, remaining: false });
    const third = await mergeProviders({ store }, { admin, ...input, bounds });
    expect(third).toMatchObject({ moved: 0, clashed_total: 1, remaining: false });

    expect(await store.agents.countByProvider()).toEqual([
      { provider: 'openai', agents: 1 },
      { provider: 'openai.com', agents: 7 },
    ]);
    expect(await store.audit.count({ action: 'merge_providers' })).toBe(3);
  });
});
