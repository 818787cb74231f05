import type { RateLimitStore } from './port';

// The behaviour every rate-limit store must have. Each adapter's test file calls this with a
// function that opens a fresh store on a clock the test moves, and a second handle on the same data
// (another connection: what another API process would hold).

export interface OpenedRateLimitStores {
  store: RateLimitStore;
  /** Another connection to the same data. */
  other: RateLimitStore;
  close(): Promise<void>;
}

export function describeRateLimitStoreContract(
  name: string,
  open: (now: () => number) => Promise<OpenedRateLimitStores>,
): void {
  describe(`Rate-limit store contract: ${name}`, () => {
    // Real time, so a MongoDB TTL monitor never sees these windows as ended.
    const start = Date.now();
    let clock = start;
    let opened: OpenedRateLimitStores;
    beforeEach(async () => {
      clock = start;
      opened = await open(() => clock);
    });
    afterEach(async () => {
      await opened?.close();
    });

    it('adds hits to a window that starts at the first and reports its end', async () => {
      expect(await opened.store.hit('k', 60_000)).toEqual({ total: 1, resetAt: start + 60_000 });
      clock += 10_000;
      expect(await opened.store.hit('k', 60_000, 4)).toEqual({ total: 5, resetAt: start + 60_000 });
    });

    it('starts a new window once the old one has ended', async () => {
      await opened.store.hit('k', 60_000, 7);
      clock += 60_000;
      expect(await opened.store.hit('k', 60_000)).toEqual({ total: 1, resetAt: start + 120_000 });
    });

    it('keeps keys apart', async () => {
      await opened.store.hit('a', 60_000, 3);
      expect((await opened.store.hit('b', 60_000)).total).toBe(1);
    });

    it('counts the hits of another connection in the same window', async () => {
      await opened.store.hit('k', 60_000, 2);
      expect(await opened.other.hit('k', 60_000, 3)).toEqual({ total: 5, resetAt: start + 60_000 });
      expect((await opened.store.hit('k', 60_000)).total).toBe(6);
    });

    it('loses no hit when two connections hit the same new key at once', async () => {
      const hits = Array.from({ length: 40 }, (_, index) =>
        (index % 2 ? opened.store : opened.other).hit('race', 60_000),
      );
      const totals = (await Promise.all(hits)).map((count) => count.total).sort((a, b) => a - b);
      expect(totals).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    });

    it('answers a batch in the order asked, each key with its own window', async () => {
      await opened.store.hit('b', 60_000, 2);
      clock += 5_000;
      const counts = await opened.store.hitMany([
        { key: 'a', windowMs: 60_000, by: 3 },
        { key: 'b', windowMs: 60_000, by: 1 },
        { key: 'c', windowMs: 900_000, by: 2 },
      ]);
      expect(counts).toEqual([
        { total: 3, resetAt: start + 65_000 },
        { total: 3, resetAt: start + 60_000 },
        { total: 2, resetAt: start + 905_000 },
      ]);
      expect(await opened.store.hitMany([])).toEqual([]);
    });

    it('takes hits back, never below 0, and never from an ended window', async () => {
      await opened.store.hit('k', 60_000, 2);
      await opened.other.refund('k');
      expect((await opened.store.hit('k', 60_000)).total).toBe(2);
      await opened.store.refund('k', 5);
      expect((await opened.store.hit('k', 60_000)).total).toBe(1);
      clock += 60_000;
      await opened.store.refund('k');
      expect((await opened.store.hit('k', 60_000)).total).toBe(1);
      await opened.store.refund('never-hit');
    });

    it('refuses a key, window or count it cannot keep, and stores nothing of the batch', async () => {
      await expect(opened.store.hit('', 60_000)).rejects.toThrow(RangeError);
      await expect(opened.store.hit('x'.repeat(201), 60_000)).rejects.toThrow(/1 to 200 characters/);
      await expect(opened.store.hit('k', 0)).rejects.toThrow(/windowMs/);
      await expect(
        opened.store.hitMany([
          { key: 'k', windowMs: 60_000, by: 1 },
          { key: 'k', windowMs: 60_000, by: -1 },
        ]),
      ).rejects.toThrow(/by must be/);
      await expect(opened.store.refund('k', 0)).rejects.toThrow(/by must be/);
      expect((await opened.store.hit('k', 60_000)).total).toBe(1);
    });
  });
}
