import { createHash } from 'node:crypto';
import { carryLegacyGroup, digestOfLegacyKey, LegacyOnceCarrier, mergeCarried } from './legacy-once-keys';

// The pure part of carrying the old once-a-day rows into tallies, which both adapters use (SQLite's
// migration 21 is tested on a real database in sqlite/once-counts-migration.test.ts; MongoDB's
// `npm run migrate` cannot run here, so its merge is tested here).

const hash = (text: string) => createHash('sha256').update(text).digest();
const legacyKey = (tally: string, text: string) =>
  tally.slice(0, 6) + hash(text).toString('base64url').slice(6, 22);
const TALLY = hash('tally').toString('base64url').slice(0, 22);
const row = (key: string, n = 1) => ({ key, n, expires_at: 1_000 });

describe('carrying the old once-a-day rows', () => {
  it("reads an agent's digest (bytes 6–13 of its hash) out of its old key", () => {
    expect(digestOfLegacyKey(legacyKey(TALLY, 'agent a1'))).toEqual(hash('agent a1').subarray(6, 14));
    expect(digestOfLegacyKey('short')).toBeNull();
    expect(digestOfLegacyKey('not base64url at all!!')).toBeNull();
  });

  it('gives a tally the digests of the keys beside it, and its own count', () => {
    const keys = ['a1', 'a2'].map((agent) => row(legacyKey(TALLY, agent)));
    const [tally, ...rest] = carryLegacyGroup([row(TALLY, 2), ...keys]);
    expect(rest).toEqual([]);
    expect(tally).toEqual({
      tally: TALLY,
      n: 2,
      digests: Buffer.concat([hash('a1').subarray(6, 14), hash('a2').subarray(6, 14)]),
      expires_at: 1_000,
    });
  });

  it('reads a pair of n = 1 rows both ways, since a one-agent tally and its key look alike', () => {
    const key = legacyKey(TALLY, 'a1');
    const carried = carryLegacyGroup([row(TALLY), row(key)]);
    expect(carried.map((one) => one.tally).sort()).toEqual([TALLY, key].sort());
    expect(carried.find((one) => one.tally === TALLY)!.digests).toEqual(hash('a1').subarray(6, 14));
  });

  it('hands out each prefix once its rows are all in', () => {
    const other = hash('another tally').toString('base64url').slice(0, 22);
    const rows = [
      row(TALLY, 2),
      row(legacyKey(TALLY, 'a1')),
      row(legacyKey(TALLY, 'a2')),
      row(other, 3),
      ...['b1', 'b2', 'b3'].map((agent) => row(legacyKey(other, agent))),
    ].sort((a, b) => (a.key < b.key ? -1 : 1));
    const out: string[] = [];
    const carrier = new LegacyOnceCarrier((tally) => out.push(`${tally.tally}:${tally.digests.length / 8}`));
    for (const one of rows) carrier.push(one);
    carrier.end();
    expect(out.sort()).toEqual([`${TALLY}:2`, `${other}:3`].sort());
  });

  it('merges into what a new process already counted, and a second run changes nothing (MongoDB migrate)', () => {
    const [carried] = carryLegacyGroup([
      row(TALLY, 2),
      row(legacyKey(TALLY, 'a1')),
      row(legacyKey(TALLY, 'a2')),
    ]);
    // Since the deploy, a new process counted a2 (again: the old rows were not carried yet) and a3.
    const existing = {
      n: 2,
      digests: Buffer.concat([hash('a2').subarray(6, 14), hash('a3').subarray(6, 14)]),
      expires_at: 2_000,
    };
    const once = mergeCarried(existing, carried!);
    expect(once).toEqual({
      n: 3,
      digests: Buffer.concat([existing.digests, hash('a1').subarray(6, 14)]),
      expires_at: 2_000,
    });
    expect(mergeCarried(once, carried!)).toEqual(once);
    expect(mergeCarried(undefined, carried!)).toEqual({
      n: 2,
      digests: carried!.digests,
      expires_at: 1_000,
    });
  });
});
