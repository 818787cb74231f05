import type { Store } from '../port';

// Small durable settings' part of the store contract, run by describeStoreContract against every
// adapter.

export function describeKeyValueContract(store: () => Store): void {
  describe('key-value settings', () => {
    it('reads null for a missing key and overwrites on set', async () => {
      expect(await store().kv.get('checkpoint')).toBeNull();
      await store().kv.set('checkpoint', '1');
      await store().kv.set('checkpoint', '2');
      expect(await store().kv.get('checkpoint')).toBe('2');
    });
  });
}
