import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { AgentEventKind } from '@agentry/platform/store/port';

// The names under which the store remembers, for the day, that an audience moved an agent's count
// (a key) and how many agents it moved (a tally): AgentStatsRepository.countOnce. Every API process
// must make the same name for the same audience, agent, kind and day, or a client would count once
// per worker, so the hash is keyed with a key derived from SESSION_SECRET (every process has the
// same; outside production it is generated once in DATA_DIR): a different key per process, as the
// in-memory filter uses, would give each process names of its own. Keyed, because an address is
// only 32 bits: an unkeyed hash of one is reversed by trying them all. Nothing else about the
// audience reaches the store.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Characters of base64url kept of each SHA-256: 132 bits, far from colliding among a day's keys. */
const NAME_CHARACTERS = 22;
/**
 * A key begins with this many characters of its tally's name, then the rest of its own hash (96
 * bits, still far from colliding among a day's keys): one audience's keys sort together, so a
 * flush that stores the keys of one visitor's searches writes them into one place of the store's
 * index instead of one random place each. With SQLite that halved the cost of storing a key
 * (41 -> 20 µs a key measured at 160,000 keys, load 10); the names stay opaque hashes.
 */
const TALLY_PREFIX_CHARACTERS = 6;

const nameOf = (hash: ReturnType<typeof createHash>) => hash.digest('base64url').slice(0, NAME_CHARACTERS);

export class OnceKeys {
  private readonly secret: Buffer;

  /** `sessionSecret` shared by every process; without one (a test's lone counter), a key of its own. */
  constructor(sessionSecret?: string) {
    this.secret = sessionSecret
      ? Buffer.from(hkdfSync('sha256', sessionSecret, 'agentry', 'analytics once per audience', 32))
      : randomBytes(32);
  }

  /** The audience's digest for one UTC day (days since the epoch): what its names are made of. */
  audienceDay(audience: string, day: number): Buffer {
    return createHmac('sha256', this.secret).update(`${day}\u0000${audience}`).digest();
  }

  /**
   * The name of "this audience moved this agent's `kind` that day", given the name of the
   * audience's tally for that kind and day (tally()), whose first characters it begins with.
   */
  key(tally: string, audienceDay: Buffer, kind: AgentEventKind, agentId: string): string {
    const own = nameOf(createHash('sha256').update(audienceDay).update(`k\u0000${kind}\u0000${agentId}`));
    return tally.slice(0, TALLY_PREFIX_CHARACTERS) + own.slice(TALLY_PREFIX_CHARACTERS);
  }

  /** The name of this audience's tally of `kind` that day. */
  tally(audienceDay: Buffer, kind: AgentEventKind): string {
    return nameOf(createHash('sha256').update(audienceDay).update(`t\u0000${kind}`));
  }
}
