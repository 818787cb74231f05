import type { SavedSearchQuery } from '@agentry/domain/saved-searches';
import { type SavedSearchCreate, SavedSearchLimitError, type Store } from '../port';
import { agentInput } from './fixtures';

// Saved searches' part of the store contract (issue 28), run by describeStoreContract against every
// adapter: kept whole and scoped to their owner, capped per owner, found when their digest is due,
// each digest claimed once, and the agents changed in a window read in order.

const search: SavedSearchQuery = {
  query: 'answer customer emails',
  filters: { category: ['Customer Service'], pricing: ['paid', 'freemium'] },
  price_min: 10,
  price_max: null,
  starting_price_min: null,
  starting_price_max: 40,
  sort: 'price_asc',
};

const input = (overrides: Partial<SavedSearchCreate> = {}): SavedSearchCreate => ({
  owner_id: 'owner-1',
  created_by: 'owner-1',
  name: 'Support in Spanish',
  search,
  alert: 'daily',
  last_digest_at: '2030-01-01T00:00:00.000Z',
  next_digest_at: '2030-01-02T00:00:00.000Z',
  ...overrides,
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

export function describeSavedSearchesContract(store: () => Store): void {
  describe('saved searches', () => {
    it('keeps a search whole and answers it to its owner only', async () => {
      const saved = await store().savedSearches.create(input(), 25);
      expect(saved).toMatchObject({
        id: expect.any(String),
        owner_id: 'owner-1',
        created_by: 'owner-1',
        name: 'Support in Spanish',
        search,
        alert: 'daily',
        next_digest_at: '2030-01-02T00:00:00.000Z',
      });
      expect(saved.last_digest_at).toBe('2030-01-01T00:00:00.000Z');
      expect(await store().savedSearches.get(saved.id, 'owner-1')).toEqual(saved);
      expect(await store().savedSearches.get(saved.id, 'owner-2')).toBeNull();
      expect(await store().savedSearches.get('no-such-id', 'owner-1')).toBeNull();
      expect(await store().savedSearches.findById(saved.id)).toEqual(saved);
    });

    it('lists an owner’s searches newest first, within the limit asked', async () => {
      const first = await store().savedSearches.create(input({ name: 'First' }), 25);
      const second = await store().savedSearches.create(input({ name: 'Second' }), 25);
      await store().savedSearches.create(input({ owner_id: 'owner-2', name: 'Theirs' }), 25);
      const mine = await store().savedSearches.listForOwner('owner-1', 25);
      expect(mine.map((entry) => entry.id)).toEqual([second.id, first.id]);
      expect(await store().savedSearches.listForOwner('owner-1', 1)).toHaveLength(1);
    });

    it('refuses a search past the owner’s limit, whoever else holds searches', async () => {
      await store().savedSearches.create(input({ owner_id: 'owner-2' }), 2);
      await store().savedSearches.create(input(), 2);
      await store().savedSearches.create(input(), 2);
      await expect(store().savedSearches.create(input(), 2)).rejects.toBeInstanceOf(SavedSearchLimitError);
    });

    it('renames, changes the alert and deletes for the owner only', async () => {
      const saved = await store().savedSearches.create(input(), 25);
      expect(await store().savedSearches.update(saved.id, 'owner-2', { name: 'Stolen' })).toBeNull();
      const renamed = await store().savedSearches.update(saved.id, 'owner-1', { name: 'Helpdesk' });
      expect(renamed).toMatchObject({ name: 'Helpdesk', alert: 'daily', search });
      const off = await store().savedSearches.update(saved.id, 'owner-1', {
        alert: 'off',
        next_digest_at: null,
      });
      expect(off).toMatchObject({ name: 'Helpdesk', alert: 'off', next_digest_at: null });
      expect(await store().savedSearches.delete(saved.id, 'owner-2')).toBe(false);
      expect(await store().savedSearches.delete(saved.id, 'owner-1')).toBe(true);
      expect(await store().savedSearches.findById(saved.id)).toBeNull();
    });

    it('finds the searches whose digest is due, in pages, and none with alerts off', async () => {
      const due = await store().savedSearches.create(
        input({ next_digest_at: '2030-01-01T00:00:00.000Z' }),
        25,
      );
      const later = await store().savedSearches.create(
        input({ next_digest_at: '2030-01-03T00:00:00.000Z' }),
        25,
      );
      await store().savedSearches.create(input({ alert: 'off', next_digest_at: null }), 25);
      const alsoDue = await store().savedSearches.create(input({ owner_id: 'owner-2' }), 25);
      const now = new Date('2030-01-02T00:00:00.000Z');
      const all = await store().savedSearches.listDue(now, 10);
      expect(all.map((entry) => entry.id)).toEqual([due.id, alsoDue.id]);
      expect(await store().savedSearches.countDue(now)).toBe(2);
      const firstPage = await store().savedSearches.listDue(now, 1);
      const nextPage = await store().savedSearches.listDue(now, 10, firstPage[0]!.id);
      expect([...firstPage, ...nextPage].map((entry) => entry.id)).toEqual([due.id, alsoDue.id]);
      expect(
        (await store().savedSearches.listDue(new Date('2030-01-04T00:00:00.000Z'), 10)).map((e) => e.id),
      ).toContain(later.id);
    });

    it('claims a digest once: a second claim of the same digest fails', async () => {
      const saved = await store().savedSearches.create(input(), 25);
      const at = '2030-01-02T00:00:00.000Z';
      const next = '2030-01-03T00:00:00.000Z';
      expect(await store().savedSearches.claimDigest(saved.id, saved.last_digest_at, at, next)).toBe(true);
      expect(await store().savedSearches.claimDigest(saved.id, saved.last_digest_at, at, next)).toBe(false);
      expect(await store().savedSearches.findById(saved.id)).toMatchObject({
        last_digest_at: at,
        next_digest_at: next,
      });
      expect(await store().savedSearches.claimDigest('no-such-id', at, at, next)).toBe(false);
    });

    it('stops the alerts of a search by id (the unsubscribe link), so it is never due again', async () => {
      const saved = await store().savedSearches.create(
        input({ next_digest_at: '2000-01-01T00:00:00.000Z' }),
        25,
      );
      const stopped = await store().savedSearches.stopAlerts(saved.id);
      expect(stopped).toMatchObject({ id: saved.id, alert: 'off', next_digest_at: null });
      expect(await store().savedSearches.listDue(new Date('2100-01-01T00:00:00.000Z'), 10)).toEqual([]);
      expect(
        await store().savedSearches.claimDigest(saved.id, saved.last_digest_at, saved.created_at, null),
      ).toBe(false);
      expect(await store().savedSearches.stopAlerts('no-such-id')).toBeNull();
    });

    it('reads the listed agents changed in a window, oldest change first, in pages', async () => {
      const before = new Date();
      await tick();
      const first = await store().agents.create(agentInput({ name: 'First' }));
      await tick();
      const second = await store().agents.create(agentInput({ name: 'Second' }));
      const gone = await store().agents.create(agentInput({ name: 'Gone' }));
      await store().agents.update(gone.id, { removed: true });
      await tick();
      await store().agents.update(first.id, { description: 'Now it answers in French too.' });
      const until = new Date();
      const changed = await store().savedSearches.changedAgents(before, until, 10);
      expect(changed.map((agent) => agent.id)).toEqual([second.id, first.id]);
      expect(changed[1]!.created_at < changed[1]!.updated_at).toBe(true);
      const page = await store().savedSearches.changedAgents(before, until, 1);
      const rest = await store().savedSearches.changedAgents(before, until, 10, page[0]);
      expect([...page, ...rest].map((agent) => agent.id)).toEqual([second.id, first.id]);
      expect(await store().savedSearches.changedAgents(until, new Date(until.getTime() + 1000), 10)).toEqual(
        [],
      );
    });
  });
}
