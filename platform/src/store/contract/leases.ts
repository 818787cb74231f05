import type { Store } from '../port';
import { at } from './trust-fixtures';

// Job leases: one holder at a time, renewed, freed when they expire or are let go.

export function describeLeasesContract(store: () => Store): void {
  describe('leases', () => {
    it('gives a lease to one holder at a time, renews it for that holder, and frees it when it expires or is let go', async () => {
      const t0 = at('2026-11-20T00:00:00.000Z');
      const later = (ms: number) => new Date(t0.getTime() + ms);
      expect(await store().leases.acquire('link-check', 'a', 60_000, t0)).toBe(true);
      expect(await store().leases.acquire('link-check', 'b', 60_000, later(1000))).toBe(false);
      expect(await store().leases.acquire('link-check', 'a', 60_000, later(30_000))).toBe(true);
      expect(await store().leases.acquire('link-check', 'b', 60_000, later(60_000))).toBe(false);
      expect(await store().leases.acquire('link-check', 'b', 60_000, later(90_000))).toBe(true);
      expect(await store().leases.acquire('other', 'a', 60_000, later(90_000))).toBe(true);
      await store().leases.release('link-check', 'a');
      expect(await store().leases.acquire('link-check', 'a', 60_000, later(91_000))).toBe(false);
      await store().leases.release('link-check', 'b');
      expect(await store().leases.acquire('link-check', 'a', 60_000, later(92_000))).toBe(true);
    });
  });
}
