import { DomainLimitError, DuplicateDomainError, type Store } from '../port';
import { at, verify } from './trust-fixtures';

// Domains a provider proves (issue 26): added with a token, checked, rechecked, removed.

export function describeVerificationsContract(store: () => Store): void {
  describe('domain verifications', () => {
    it('adds a pending domain with its token, once per user, within a limit per user', async () => {
      const added = await store().verifications.create(
        { user_id: 'u1', domain: 'acme.example', token: 't1' },
        2,
      );
      expect(added).toMatchObject({
        user_id: 'u1',
        domain: 'acme.example',
        token: 't1',
        status: 'pending',
        method: null,
        failures: 0,
        verified_at: null,
      });
      expect(await store().verifications.get(added.id)).toEqual(added);
      await expect(
        store().verifications.create({ user_id: 'u1', domain: 'acme.example', token: 't2' }, 2),
      ).rejects.toBeInstanceOf(DuplicateDomainError);
      await store().verifications.create({ user_id: 'u2', domain: 'acme.example', token: 't3' }, 2);
      await store().verifications.create({ user_id: 'u1', domain: 'beta.example', token: 't4' }, 2);
      await expect(
        store().verifications.create({ user_id: 'u1', domain: 'gamma.example', token: 't5' }, 2),
      ).rejects.toBeInstanceOf(DomainLimitError);
      expect((await store().verifications.listForUser('u1')).map((d) => d.domain)).toEqual([
        'acme.example',
        'beta.example',
      ]);
    });

    it("saves a check's outcome and answers verified domains per user", async () => {
      const a = await store().verifications.create({ user_id: 'u1', domain: 'acme.example', token: 't' }, 5);
      await store().verifications.create({ user_id: 'u1', domain: 'pending.example', token: 't' }, 5);
      const saved = await verify(store(), a.id);
      expect(saved).toMatchObject({
        status: 'verified',
        method: 'file',
        verified_at: '2026-11-20T00:00:00.000Z',
      });
      expect(await store().verifications.verifiedFor(['u1', 'u2'])).toEqual([
        { user_id: 'u1', domain: 'acme.example' },
      ]);
      expect(await store().verifications.saveCheck('nope', saved! as never)).toBeNull();
    });

    it('lists verified domains due for a recheck, the longest due first', async () => {
      const a = await store().verifications.create({ user_id: 'u1', domain: 'a.example', token: 't' }, 5);
      const b = await store().verifications.create({ user_id: 'u2', domain: 'b.example', token: 't' }, 5);
      const c = await store().verifications.create({ user_id: 'u3', domain: 'c.example', token: 't' }, 5);
      for (const [record, next] of [
        [a, '2026-11-21T10:00:00.000Z'],
        [b, '2026-11-21T09:00:00.000Z'],
        [c, '2026-11-23T00:00:00.000Z'],
      ] as const)
        await store().verifications.saveCheck(record.id, {
          status: 'verified',
          method: 'dns',
          verified_at: '2026-11-20T00:00:00.000Z',
          checked_at: '2026-11-20T00:00:00.000Z',
          next_check_at: next,
          failures: 0,
          lapsed_at: null,
        });
      const due = await store().verifications.listDue(at('2026-11-22T00:00:00.000Z'), 10);
      expect(due.map((d) => d.domain)).toEqual(['b.example', 'a.example']);
      expect(await store().verifications.listDue(at('2026-11-22T00:00:00.000Z'), 1)).toHaveLength(1);
    });

    it("removes only the user's own domain, and lists domains for staff by status", async () => {
      const mine = await store().verifications.create({ user_id: 'u1', domain: 'a.example', token: 't' }, 5);
      expect(await store().verifications.remove(mine.id, 'u2')).toBeNull();
      const lapsed = await store().verifications.create(
        { user_id: 'u2', domain: 'b.example', token: 't' },
        5,
      );
      await store().verifications.saveCheck(lapsed.id, {
        status: 'lapsed',
        method: 'file',
        verified_at: null,
        checked_at: '2026-11-20T00:00:00.000Z',
        next_check_at: null,
        failures: 0,
        lapsed_at: '2026-11-20T00:00:00.000Z',
      });
      expect((await store().verifications.list({ status: 'lapsed' })).map((d) => d.domain)).toEqual([
        'b.example',
      ]);
      expect(await store().verifications.count({ status: 'pending' })).toBe(1);
      expect(await store().verifications.count()).toBe(2);
      expect((await store().verifications.remove(mine.id, 'u1'))?.domain).toBe('a.example');
      expect(await store().verifications.get(mine.id)).toBeNull();
    });
  });
}
