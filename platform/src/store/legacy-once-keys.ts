import { holdsDigest, type SeenRow } from './count-once';
import { ONCE_DIGEST_BYTES } from './port';

// Carrying the old "once a day" rows (one per counted agent, until 2026-11-28) into the tallies
// that replaced them (one per audience, kind and day holding its agents' digests): SQLite's
// migration 21 and MongoDB's `npm run migrate` both use this, so that nobody counts again on the
// day of the upgrade what they counted before it.
//
// The old store held two kinds of row side by side, each a 22-character base64url name with a
// number n and an expiry: an audience's tally of a kind and day (n the agents it admitted) and one
// key per admitted agent (n = 1), the key beginning with the first LEGACY_PREFIX characters of its
// tally's name followed by characters 6–21 of its own SHA-256 (analytics/once-keys.ts). The new
// digest of that agent is bytes 6–13 of the same SHA-256, which are characters 8–18 of the old
// key: so each key becomes its agent's digest in its tally's row, without knowing the agent.
//
// Which rows of a prefix are tallies: a key always has n = 1, so a row with n > 1 is a tally and
// the rows with n = 1 beside it are its keys. When every row of a prefix has n = 1 (a tally that
// admitted one agent, and its key) the two cannot be told apart, so each becomes a tally holding
// the other's digest: the right one is exact, the wrong one is a row no audience's name meets,
// forgotten at its expiry. Two tallies sharing a prefix (36 bits: about 7 pairs among a million
// tallies) share their keys' digests, which can only keep an agent from counting twice.

export const LEGACY_PREFIX = 6;

export interface LegacyOnceRow {
  key: string;
  n: number;
  expires_at: number;
}

export interface CarriedTally extends SeenRow {
  tally: string;
  digests: Buffer;
}

/** The agent's digest an old key stands for (bytes 6–13 of its SHA-256), or null for a malformed key. */
export function digestOfLegacyKey(key: string): Buffer | null {
  if (key.length < 20 || !/^[A-Za-z0-9_-]+$/.test(key)) return null;
  // Characters 8–19 are bits 48–119 of the hash: bytes 6–14; the digest is the first eight.
  return Buffer.from(key.slice(8, 20), 'base64url').subarray(0, ONCE_DIGEST_BYTES);
}

/** The tallies one prefix's rows stand for (rows sharing their first LEGACY_PREFIX characters). */
export function carryLegacyGroup(rows: readonly LegacyOnceRow[]): CarriedTally[] {
  const tallies = rows.filter((row) => row.n > 1);
  const candidates = tallies.length > 0 ? tallies : rows;
  const keys = tallies.length > 0 ? rows.filter((row) => row.n <= 1) : rows;
  const carried: CarriedTally[] = [];
  for (const tally of candidates) {
    const digests: Buffer[] = [];
    let expiresAt = tally.expires_at;
    for (const key of keys) {
      if (key === tally) continue;
      const digest = digestOfLegacyKey(key.key);
      if (!digest) continue;
      digests.push(digest);
      expiresAt = Math.max(expiresAt, key.expires_at);
    }
    carried.push({
      tally: tally.key,
      // What it admitted: its keys may be fewer (a purge cut short) or more (a shared prefix).
      n: tally.n,
      digests: Buffer.concat(digests),
      expires_at: expiresAt,
    });
  }
  return carried;
}

/**
 * Feeds rows in key order and hands out each prefix's tallies once its rows are all in: the
 * conversion reads the old rows a page at a time, never all at once.
 */
export class LegacyOnceCarrier {
  private group: LegacyOnceRow[] = [];
  private prefix = '';

  constructor(private readonly emit: (tally: CarriedTally) => void) {}

  push(row: LegacyOnceRow): void {
    const prefix = row.key.slice(0, LEGACY_PREFIX);
    if (prefix !== this.prefix) this.end();
    this.prefix = prefix;
    this.group.push(row);
  }

  /** Hands out what is left; call once the last row is in. */
  end(): void {
    if (this.group.length > 0) for (const tally of carryLegacyGroup(this.group)) this.emit(tally);
    this.group = [];
  }
}

/**
 * A carried tally merged into what the store may already hold under its name (MongoDB: a new
 * process counted before `npm run migrate` ran again): the digests of both, each once, and the
 * larger count, so that running the conversion twice changes nothing the second time.
 */
export function mergeCarried(existing: SeenRow | undefined, carried: CarriedTally): SeenRow {
  if (!existing) return { n: carried.n, digests: carried.digests, expires_at: carried.expires_at };
  const added: Buffer[] = [];
  for (let at = 0; at + ONCE_DIGEST_BYTES <= carried.digests.length; at += ONCE_DIGEST_BYTES) {
    const digest = carried.digests.subarray(at, at + ONCE_DIGEST_BYTES);
    if (!holdsDigest(existing.digests, digest) && !added.some((one) => one.equals(digest)))
      added.push(digest);
  }
  return {
    n: Math.max(existing.n + added.length, carried.n),
    digests: Buffer.concat([existing.digests, ...added]),
    expires_at: Math.max(existing.expires_at, carried.expires_at),
  };
}
