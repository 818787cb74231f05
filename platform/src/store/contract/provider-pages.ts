import { DuplicateUserError, type Store, type UserCreate } from '../port';
import { agentInput } from './fixtures';

// The provider page every agent read carries (issue 25, domain/provider-page.ts), and the change-log
// entries that carry a page that comes or goes into the search index: the owner's listed agents,
// whoever updated the account.

const provider = (overrides: Partial<UserCreate> = {}): UserCreate => ({
  email: 'lena@ortiz.example',
  full_name: 'Lena Ortiz',
  organization: 'Ortiz Labs',
  user_type: 'agent_provider',
  password_hash: 'scrypt$hash',
  subscription_status: 'active',
  slug: 'ortiz-labs',
  ...overrides,
});

export function describeProviderPagesContract(store: () => Store): void {
  describe('provider pages on agents (issue 25)', () => {
    it('reads many accounts at once: those that exist, each once', async () => {
      const a = await store().users.create(provider());
      const b = await store().users.create(provider({ email: 'b@ortiz.example', slug: 'other' }));
      const found = await store().users.getMany([a.id, b.id, a.id, 'not-an-id', '999999']);
      expect(found.map((user) => user.id).sort()).toEqual([a.id, b.id].sort());
      expect(found.find((user) => user.id === a.id)).toEqual(a);
      expect(await store().users.getMany([])).toEqual([]);
    });

    it("carries its owner's page while the owner is a subscribed provider with an address", async () => {
      const owner = await store().users.create(provider());
      const owned = await store().agents.create(agentInput({ owner_id: owner.id }));
      const unowned = await store().agents.create(agentInput({ name: 'Nobody’s' }));
      expect((await store().agents.get(owned.id))?.provider_page).toBe('/providers/ortiz-labs');
      expect((await store().agents.get(unowned.id))?.provider_page).toBeNull();
      const listed = await store().agents.list();
      expect(listed.find((agent) => agent.id === owned.id)?.provider_page).toBe('/providers/ortiz-labs');
      await store().users.update(owner.id, { subscription_status: 'inactive' });
      expect((await store().agents.get(owned.id))?.provider_page).toBeNull();
    });

    it('answers an update with the account before and after it, read in the same step', async () => {
      const owner = await store().users.create(provider());
      await store().users.create(provider({ email: 'x@other.example', slug: 'other' }));
      const change = await store().users.updateReturningPrevious(owner.id, {
        subscription_status: 'inactive',
        website: 'https://ortiz.example',
      });
      expect(change?.before).toEqual(owner);
      expect(change?.after).toEqual(await store().users.findById(owner.id));
      expect(change?.after).toMatchObject({
        subscription_status: 'inactive',
        website: 'https://ortiz.example',
      });
      // Nothing to change: the account as it is, updated_at included.
      const same = await store().users.updateReturningPrevious(owner.id, { slug: undefined });
      expect(same).toEqual({ before: change?.after, after: change?.after });
      await expect(store().users.updateReturningPrevious(owner.id, { slug: 'other' })).rejects.toBeInstanceOf(
        DuplicateUserError,
      );
      expect(await store().users.findById(owner.id)).toEqual(change?.after);
      expect(await store().users.updateReturningPrevious('424242', { full_name: 'Nobody' })).toBeNull();
      expect(await store().users.updateReturningPrevious('nope', { full_name: 'Nobody' })).toBeNull();
    });

    it('answers racing updates of one account each with the state it replaced: one chain of writes', async () => {
      const owner = await store().users.create(provider({ full_name: 'n0' }));
      const names = ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'];
      const changes = await Promise.all(
        names.map((full_name, at) =>
          store().users.updateReturningPrevious(owner.id, {
            full_name,
            subscription_status: at % 2 === 0 ? 'inactive' : 'active',
          }),
        ),
      );
      const final = (await store().users.findById(owner.id))?.full_name;
      // Every write replaced either the first state or another write's result, each exactly once.
      const replaced = changes.map((change) => change?.before.full_name).sort();
      const left = ['n0', ...changes.map((change) => change?.after.full_name)].filter(
        (name) => name !== final,
      );
      expect(replaced).toEqual(left.sort());
    });

    it("gives the owner's listed agents a change-log entry when its page comes, goes or moves, and only then", async () => {
      const owner = await store().users.create(provider());
      const other = await store().users.create(provider({ email: 'x@other.example', slug: 'other' }));
      const first = await store().agents.create(agentInput({ name: 'First', owner_id: owner.id }));
      const second = await store().agents.create(agentInput({ name: 'Second', owner_id: owner.id }));
      const gone = await store().agents.create(agentInput({ name: 'Gone', owner_id: owner.id }));
      await store().agents.update(gone.id, { removed: true });
      await store().agents.create(agentInput({ name: 'Theirs', owner_id: other.id }));
      const changedBy = async (patch: Parameters<Store['users']['update']>[1]) => {
        const start = await store().changes.head();
        await store().users.update(owner.id, patch);
        return (await store().changes.since(start, 100)).map((change) => change.agent_id).sort();
      };
      const listed = [first.id, second.id].sort();
      // The plan ends: the page goes.
      expect(await changedBy({ subscription_status: 'inactive' })).toEqual(listed);
      // Nothing about the page changes: no entry (a name, the same status again).
      expect(await changedBy({ full_name: 'Lena O.' })).toEqual([]);
      expect(await changedBy({ subscription_status: 'inactive' })).toEqual([]);
      // The plan starts again, then the page moves to a new address.
      expect(await changedBy({ subscription_status: 'active' })).toEqual(listed);
      expect(await changedBy({ slug: 'ortiz' })).toEqual(listed);
      expect((await store().agents.get(first.id))?.provider_page).toBe('/providers/ortiz');
    });
  });
}
