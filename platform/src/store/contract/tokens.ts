import type { Store } from '../port';

// Single-use links' part of the store contract, run by describeStoreContract against every adapter.

export function describeTokensContract(store: () => Store): void {
  describe('one-time tokens', () => {
    const inAnHour = () => new Date(Date.now() + 3_600_000);

    it('gives a token back once, with what it was issued with', async () => {
      const expiresAt = inAnHour();
      await store().tokens.issue({
        token_hash: 'hash-1',
        purpose: 'change_email',
        user_id: 'u1',
        data: 'new@example.com',
        expires_at: expiresAt,
      });
      const found = await store().tokens.consume('hash-1', 'change_email');
      expect(found).toMatchObject({
        token_hash: 'hash-1',
        purpose: 'change_email',
        user_id: 'u1',
        data: 'new@example.com',
        expires_at: expiresAt.toISOString(),
      });
      expect(Date.parse(found!.created_at)).not.toBeNaN();
      expect(await store().tokens.consume('hash-1', 'change_email')).toBeNull();
      expect(await store().tokens.consume('unknown', 'change_email')).toBeNull();
    });

    it('keeps a token asked for with another purpose', async () => {
      await store().tokens.issue({
        token_hash: 'hash-1',
        purpose: 'verify_email',
        user_id: 'u1',
        expires_at: inAnHour(),
      });
      expect(await store().tokens.consume('hash-1', 'reset_password')).toBeNull();
      expect(await store().tokens.consume('hash-1', 'verify_email')).toMatchObject({
        user_id: 'u1',
        data: null,
      });
    });

    it('refuses an expired token and deletes it', async () => {
      const expiresAt = new Date(Date.now() + 1000);
      await store().tokens.issue({
        token_hash: 'h',
        purpose: 'verify_email',
        user_id: 'u1',
        expires_at: expiresAt,
      });
      expect(await store().tokens.consume('h', 'verify_email', new Date(expiresAt.getTime() + 1))).toBeNull();
      expect(
        await store().tokens.consume('h', 'verify_email', new Date(expiresAt.getTime() - 500)),
      ).toBeNull();
    });

    it('gives a token to only one of two concurrent uses', async () => {
      await store().tokens.issue({
        token_hash: 'h',
        purpose: 'reset_password',
        user_id: 'u1',
        expires_at: inAnHour(),
      });
      const results = await Promise.all([
        store().tokens.consume('h', 'reset_password'),
        store().tokens.consume('h', 'reset_password'),
      ]);
      expect(results.filter((result) => result !== null)).toHaveLength(1);
    });

    it("revokes a user's unused tokens of one purpose only", async () => {
      const issue = (token_hash: string, purpose: 'verify_email' | 'reset_password', user_id: string) =>
        store().tokens.issue({ token_hash, purpose, user_id, expires_at: inAnHour() });
      await issue('a', 'reset_password', 'u1');
      await issue('b', 'reset_password', 'u1');
      await issue('c', 'verify_email', 'u1');
      await issue('d', 'reset_password', 'u2');
      expect(await store().tokens.revoke('u1', 'reset_password')).toBe(2);
      expect(await store().tokens.consume('a', 'reset_password')).toBeNull();
      expect(await store().tokens.consume('b', 'reset_password')).toBeNull();
      expect(await store().tokens.consume('c', 'verify_email')).not.toBeNull();
      expect(await store().tokens.consume('d', 'reset_password')).not.toBeNull();
    });

    it('purges expired tokens only', async () => {
      const now = Date.now();
      await store().tokens.issue({
        token_hash: 'old',
        purpose: 'verify_email',
        user_id: 'u1',
        expires_at: new Date(now - 1000),
      });
      await store().tokens.issue({
        token_hash: 'new',
        purpose: 'verify_email',
        user_id: 'u1',
        expires_at: new Date(now + 60_000),
      });
      expect(await store().tokens.purgeExpired(new Date(now))).toBe(1);
      expect(await store().tokens.consume('new', 'verify_email')).not.toBeNull();
    });
  });
}
