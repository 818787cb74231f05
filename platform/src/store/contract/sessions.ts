import type { Store } from '../port';

// Sign-in sessions' part of the store contract, run by describeStoreContract against every adapter.

export function describeSessionsContract(store: () => Store): void {
  describe('sessions', () => {
    it('stores, reads, extends and destroys a session', async () => {
      const later = new Date(Date.now() + 60_000);
      await store().sessions.set('sid-1', '{"a":1}', later);
      expect(await store().sessions.get('sid-1')).toBe('{"a":1}');
      await store().sessions.set('sid-1', '{"a":2}', later);
      expect(await store().sessions.get('sid-1')).toBe('{"a":2}');
      await store().sessions.touch('sid-1', new Date(Date.now() + 120_000));
      expect(await store().sessions.get('sid-1')).toBe('{"a":2}');
      await store().sessions.destroy('sid-1');
      expect(await store().sessions.get('sid-1')).toBeNull();
    });

    it('treats an expired session as absent and purges it', async () => {
      await store().sessions.set('old', '{}', new Date(Date.now() - 1000));
      await store().sessions.set('new', '{}', new Date(Date.now() + 60_000));
      expect(await store().sessions.get('old')).toBeNull();
      expect(await store().sessions.purgeExpired()).toBe(1);
      expect(await store().sessions.get('new')).toBe('{}');
    });
  });

  describe('sessions of a user', () => {
    const later = () => new Date(Date.now() + 60_000);

    it("ends every session of a user but the one kept, and nobody else's", async () => {
      await store().sessions.set('laptop', '{}', later(), 'u1');
      await store().sessions.set('phone', '{}', later(), 'u1');
      await store().sessions.set('tablet', '{}', later(), 'u1');
      await store().sessions.set('other', '{}', later(), 'u2');
      await store().sessions.set('anonymous', '{}', later());

      expect(await store().sessions.destroyForUser('u1', 'laptop')).toBe(2);
      expect(await store().sessions.get('laptop')).toBe('{}');
      expect(await store().sessions.get('phone')).toBeNull();
      expect(await store().sessions.get('tablet')).toBeNull();
      expect(await store().sessions.get('other')).toBe('{}');
      expect(await store().sessions.get('anonymous')).toBe('{}');

      expect(await store().sessions.destroyForUser('u1')).toBe(1);
      expect(await store().sessions.get('laptop')).toBeNull();
      expect(await store().sessions.destroyForUser('nobody')).toBe(0);
    });

    it('forgets the user of a session saved again without one (signed out)', async () => {
      await store().sessions.set('sid', '{"passport":{"user":"u1"}}', later(), 'u1');
      await store().sessions.set('sid', '{}', later(), null);
      expect(await store().sessions.destroyForUser('u1')).toBe(0);
      expect(await store().sessions.get('sid')).toBe('{}');
      await store().sessions.set('sid', '{}', later(), 'u2');
      expect(await store().sessions.destroyForUser('u2')).toBe(1);
    });
  });
}
