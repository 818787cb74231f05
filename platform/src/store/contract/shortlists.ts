import { DuplicateShortlistError, SHORTLIST_AGENTS_MAX, type Store } from '../port';

// Employers' shortlists' part of the store contract, run by describeStoreContract against every
// adapter.

export function describeShortlistsContract(store: () => Store): void {
  describe('shortlists', () => {
    it('creates, renames, fills in order without repeats, and deletes a list of its owner only', async () => {
      const list = await store().shortlists.create('u1', 'Support bots');
      expect(list).toMatchObject({ user_id: 'u1', name: 'Support bots', agent_ids: [] });
      await store().shortlists.addAgent(list.id, 'u1', 'a2');
      await store().shortlists.addAgent(list.id, 'u1', 'a1');
      const filled = await store().shortlists.addAgent(list.id, 'u1', 'a2');
      expect(filled?.agent_ids).toEqual(['a2', 'a1']);
      expect((await store().shortlists.removeAgent(list.id, 'u1', 'a2'))?.agent_ids).toEqual(['a1']);
      expect((await store().shortlists.rename(list.id, 'u1', 'Helpdesk'))?.name).toBe('Helpdesk');
      // Another user sees nothing and changes nothing.
      expect(await store().shortlists.get(list.id, 'u2')).toBeNull();
      expect(await store().shortlists.addAgent(list.id, 'u2', 'a9')).toBeNull();
      expect(await store().shortlists.delete(list.id, 'u2')).toBe(false);
      expect(await store().shortlists.get('not-an-id', 'u1')).toBeNull();
      expect(await store().shortlists.delete(list.id, 'u1')).toBe(true);
      expect(await store().shortlists.listForUser('u1')).toEqual([]);
    });

    it('refuses a second list of the same name for one user, lists newest first and counts', async () => {
      await store().shortlists.create('u1', 'A');
      await store().shortlists.create('u1', 'B');
      await store().shortlists.create('u2', 'A');
      await expect(store().shortlists.create('u1', 'A')).rejects.toBeInstanceOf(DuplicateShortlistError);
      expect((await store().shortlists.listForUser('u1')).map((list) => list.name)).toEqual(['B', 'A']);
      expect(await store().shortlists.countForUser('u1')).toBe(2);
    });

    it(`holds at most ${SHORTLIST_AGENTS_MAX} agents in a list`, async () => {
      const list = await store().shortlists.create('u1', 'Big');
      for (let i = 0; i < SHORTLIST_AGENTS_MAX + 3; i++)
        await store().shortlists.addAgent(list.id, 'u1', `a${i}`);
      expect((await store().shortlists.get(list.id, 'u1'))?.agent_ids.length).toBe(SHORTLIST_AGENTS_MAX);
    });
  });
}
