import type { Store } from '../port';
import { at, check } from './trust-fixtures';

// The link checker's records (issue 26): one per agent, due retries, states.

export function describeLinkChecksContract(store: () => Store): void {
  describe('link checks', () => {
    it('saves a record per agent, replacing it whole, and reads one or many', async () => {
      await store().linkChecks.saveMany([check('1'), check('2', { retry_at: '2026-11-20T01:00:00.000Z' })]);
      await store().linkChecks.saveMany([check('2', { state: 'down', failures: 2, retry_at: null })]);
      expect(await store().linkChecks.get('1')).toEqual(check('1'));
      expect(await store().linkChecks.get('2')).toEqual(check('2', { state: 'down', failures: 2 }));
      expect((await store().linkChecks.getMany(['1', '2', '3'])).map((r) => r.agent_id).sort()).toEqual([
        '1',
        '2',
      ]);
      expect(await store().linkChecks.get('3')).toBeNull();
    });

    it('lists due retries, the longest due first', async () => {
      await store().linkChecks.saveMany([
        check('1', { retry_at: '2026-11-20T02:00:00.000Z' }),
        check('2', { retry_at: '2026-11-20T01:00:00.000Z' }),
        check('3', { retry_at: '2026-11-20T05:00:00.000Z' }),
        check('4'),
      ]);
      const due = await store().linkChecks.listRetries(at('2026-11-20T03:00:00.000Z'), 10);
      expect(due.map((r) => r.agent_id)).toEqual(['2', '1']);
    });

    it('lists the records of one state, the longest in it first, and those down since a date', async () => {
      await store().linkChecks.saveMany([
        check('1', { state: 'down', state_since: '2026-11-10T00:00:00.000Z' }),
        check('2', { state: 'down', state_since: '2026-10-01T00:00:00.000Z' }),
        check('3', { state: 'up' }),
      ]);
      expect((await store().linkChecks.list({ state: 'down' })).map((r) => r.agent_id)).toEqual(['2', '1']);
      expect(await store().linkChecks.count({ state: 'down' })).toBe(2);
      const long = await store().linkChecks.list({
        state: 'down',
        downSince: at('2026-10-15T00:00:00.000Z'),
      });
      expect(long.map((r) => r.agent_id)).toEqual(['2']);
      expect(
        await store().linkChecks.count({ state: 'down', downSince: at('2026-10-15T00:00:00.000Z') }),
      ).toBe(1);
      expect(await store().linkChecks.list({ state: 'down', limit: 1, offset: 1 })).toHaveLength(1);
    });
  });
}
