import type { Agent } from '@agentry/domain/agent';
import { providerPagePath } from '@agentry/domain/provider-page';
import {
  AGENT_LIST_MAX,
  type AgentListOptions,
  type User,
  type UserPatch,
  type UserRepository,
} from '../port';
import { touchOwnedAgents, withProviderPageChanges } from './with-provider-page-changes';

describe('touchOwnedAgents (issue 25)', () => {
  it('touches a provider with thousands of agents a bounded batch at a time, every one of them', async () => {
    const owned = Array.from({ length: 2 * AGENT_LIST_MAX + 7 }, (_, at) => ({ id: `a${at}` }) as Agent);
    const touches: string[][] = [];
    const agents = {
      async list({ limit = AGENT_LIST_MAX, offset = 0 }: AgentListOptions = {}) {
        return owned.slice(offset, offset + limit);
      },
      async touch(ids: string[]) {
        touches.push(ids);
        return ids.length;
      },
    };
    expect(await touchOwnedAgents(agents, 'owner')).toBe(owned.length);
    expect(touches.map((batch) => batch.length)).toEqual([AGENT_LIST_MAX, AGENT_LIST_MAX, 7]);
    expect(new Set(touches.flat()).size).toBe(owned.length);
  });

  it('reads once and touches nothing for a provider without agents', async () => {
    const list = jest.fn(async () => []);
    const touch = jest.fn(async () => 0);
    expect(await touchOwnedAgents({ list, touch }, 'owner')).toBe(0);
    expect(list).toHaveBeenCalledTimes(1);
    expect(touch).not.toHaveBeenCalled();
  });
});

/**
 * One provider's account in a store whose every call takes effect at once, in the order the calls
 * are made (each atomic, as the adapters' reads and writes are), and whose answer to one chosen
 * call can be held back, as a slow reply from a database server would be. The agents' touches
 * record the page an indexer would read right then, the worst case for the index: it follows the
 * change log at once.
 */
function slowRepliesStore() {
  let account: User = {
    id: 'u1',
    email: 'lena@ortiz.example',
    full_name: 'Lena Ortiz',
    organization: 'Ortiz Labs',
    phone: null,
    user_type: 'agent_provider',
    subscription_status: 'active',
    stripe_customer_id: 'cus_1',
    email_verified_at: null,
    slug: 'ortiz-labs',
    website: null,
    created_at: '2026-11-28T09:00:00.000Z',
    updated_at: '2026-11-28T09:00:00.000Z',
  };
  let holdNext: Promise<void> | null = null;
  const reply = async <T>(value: T): Promise<T> => {
    const hold = holdNext;
    holdNext = null;
    if (hold) await hold;
    return value;
  };
  const write = (patch: UserPatch) => {
    const before = account;
    account = { ...account, ...patch };
    return { before, after: account };
  };
  const users = {
    findById: async () => reply(account),
    update: async (_id: string, patch: UserPatch) => reply(write(patch).after),
    updateReturningPrevious: async (_id: string, patch: UserPatch) => reply(write(patch)),
  } as unknown as UserRepository;
  const index = { page: providerPagePath(account) as string | null, touches: 0 };
  const agents = {
    list: async ({ offset = 0 }: AgentListOptions = {}) => (offset === 0 ? [{ id: 'a1' } as Agent] : []),
    touch: async (ids: string[]) => {
      index.page = providerPagePath(account);
      index.touches += 1;
      return ids.length;
    },
  };
  return {
    users: withProviderPageChanges(users, agents),
    index,
    account: () => account,
    /** Holds the reply to the next call into the account store until the answer's release(). */
    holdNextReply() {
      let release = () => {};
      holdNext = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

describe('withProviderPageChanges under concurrency (issue 25)', () => {
  it('leaves the index on the final page when two updates of one account race (two webhook events)', async () => {
    const store = slowRepliesStore();
    // A renewal's event ("active" again) reaches the store first, but its reply is slow; meanwhile
    // a cancellation runs to its end, touching the agents (the index drops the page).
    const release = store.holdNextReply();
    const renewal = store.users.update('u1', { subscription_status: 'active' });
    await store.users.update('u1', { subscription_status: 'inactive' });
    release();
    await renewal;
    // Whatever order the writes took, the index must end on the account's page. Reading first and
    // comparing after the write (before this fix), the renewal compared its early read ("active")
    // with its write ("active"), touched nothing, and its write, landing after the cancellation,
    // brought the page back while the index kept none.
    expect(store.index.page).toBe(providerPagePath(store.account()));
  });

  it('ends on the final page whichever of two racing updates is slow, in either order', async () => {
    const patches: UserPatch[] = [
      { subscription_status: 'inactive' },
      { subscription_status: 'active' },
      { slug: 'ortiz' },
      { subscription_status: 'past_due', slug: 'ortiz-2' },
    ];
    for (const first of patches)
      for (const second of patches) {
        const store = slowRepliesStore();
        const release = store.holdNextReply();
        const slow = store.users.update('u1', first);
        await store.users.update('u1', second);
        release();
        await slow;
        expect({ first, second, index: store.index.page }).toEqual({
          first,
          second,
          index: providerPagePath(store.account()),
        });
      }
  });

  it('touches nothing for an update that sets no field the page depends on', async () => {
    const store = slowRepliesStore();
    expect(await store.users.update('u1', { full_name: 'Lena O.' })).toMatchObject({ full_name: 'Lena O.' });
    expect(store.index.touches).toBe(0);
  });
});
