import { API_KEYS_PER_EMPLOYER_MAX, ApiKeyLimitError, type Store } from '../port';

// Employers' API keys' part of the store contract, run by describeStoreContract against every
// adapter: hashes in, never out; scoped to their owner; a limit per owner; last use kept later only.

const key = (userId: string, n: number) => ({
  user_id: userId,
  name: `Key ${n}`,
  prefix: `agk_${String(n).padStart(8, '0')}`,
  token_hash: `${userId}-${n}-`.padEnd(64, 'f'),
});

export function describeApiKeysContract(store: () => Store): void {
  describe('API keys', () => {
    it('stores a key, finds it by its hash whoever asks, and never answers the hash', async () => {
      const created = await store().apiKeys.create(key('u1', 1), 3);
      expect(created).toEqual({
        id: expect.any(String),
        user_id: 'u1',
        name: 'Key 1',
        prefix: 'agk_00000001',
        created_at: expect.any(String),
        last_used_at: null,
      });
      expect(Date.parse(created.created_at)).not.toBeNaN();
      expect(await store().apiKeys.findByHash(key('u1', 1).token_hash)).toEqual(created);
      expect(await store().apiKeys.findByHash('0'.repeat(64))).toBeNull();
      expect(JSON.stringify(await store().apiKeys.listForUser('u1'))).not.toContain(key('u1', 1).token_hash);
    });

    it("lists a user's keys newest first, and another user's key is neither listed nor revoked", async () => {
      const first = await store().apiKeys.create(key('u1', 1), 3);
      const second = await store().apiKeys.create(key('u1', 2), 3);
      const theirs = await store().apiKeys.create(key('u2', 1), 3);
      expect((await store().apiKeys.listForUser('u1')).map((k) => k.id)).toEqual([second.id, first.id]);
      expect(await store().apiKeys.revoke(theirs.id, 'u1')).toBe(false);
      expect(await store().apiKeys.revoke('not-an-id', 'u1')).toBe(false);
      expect(await store().apiKeys.findByHash(key('u2', 1).token_hash)).not.toBeNull();
    });

    it('revokes a key for good: it is no longer found by its hash', async () => {
      const created = await store().apiKeys.create(key('u1', 1), 3);
      expect(await store().apiKeys.revoke(created.id, 'u1')).toBe(true);
      expect(await store().apiKeys.findByHash(key('u1', 1).token_hash)).toBeNull();
      expect(await store().apiKeys.listForUser('u1')).toEqual([]);
      expect(await store().apiKeys.revoke(created.id, 'u1')).toBe(false);
    });

    it('refuses a key past the limit per user, counting only that user, and again after a revocation', async () => {
      const kept = [];
      for (let n = 1; n <= 3; n++) kept.push(await store().apiKeys.create(key('u1', n), 3));
      await expect(store().apiKeys.create(key('u1', 4), 3)).rejects.toBeInstanceOf(ApiKeyLimitError);
      await store().apiKeys.create(key('u2', 1), 3);
      await store().apiKeys.revoke(kept[0]!.id, 'u1');
      await store().apiKeys.create(key('u1', 5), 3);
      expect(await store().apiKeys.listForUser('u1')).toHaveLength(3);
    });

    it(`lists at most ${API_KEYS_PER_EMPLOYER_MAX} keys`, async () => {
      for (let n = 1; n <= API_KEYS_PER_EMPLOYER_MAX + 2; n++)
        await store().apiKeys.create(key('u1', n), API_KEYS_PER_EMPLOYER_MAX + 2);
      expect(await store().apiKeys.listForUser('u1')).toHaveLength(API_KEYS_PER_EMPLOYER_MAX);
    });

    it('records the last use in batches, keeping only a later time than the stored one', async () => {
      const one = await store().apiKeys.create(key('u1', 1), 3);
      const two = await store().apiKeys.create(key('u1', 2), 3);
      await store().apiKeys.touch([
        { id: one.id, at: '2026-11-20T10:00:00.000Z' },
        { id: two.id, at: '2026-11-20T09:00:00.000Z' },
        { id: 'not-an-id', at: '2026-11-20T09:00:00.000Z' },
      ]);
      await store().apiKeys.touch([{ id: one.id, at: '2026-11-20T08:00:00.000Z' }]);
      await store().apiKeys.touch([]);
      const byId = new Map((await store().apiKeys.listForUser('u1')).map((k) => [k.id, k.last_used_at]));
      expect(byId.get(one.id)).toBe('2026-11-20T10:00:00.000Z');
      expect(byId.get(two.id)).toBe('2026-11-20T09:00:00.000Z');
      expect((await store().apiKeys.findByHash(key('u1', 1).token_hash))?.last_used_at).toBe(
        '2026-11-20T10:00:00.000Z',
      );
    });
  });
}
