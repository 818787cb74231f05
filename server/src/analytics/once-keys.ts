import { createHash, createHmac, hash, hkdfSync, randomBytes } from 'node:crypto';
import { type AgentEventKind, ONCE_DIGEST_BYTES } from '@agentry/platform/store/port';

// The names under which the store remembers, for the day, which agents' counts an audience moved
// (its tally of a kind and day, holding a digest per agent): AgentStatsRepository.countOnce. Every
// API process must make the same names for the same audience, agent, kind and day, or a client
// would count once per worker, so the hash is keyed with a key derived from SESSION_SECRET (every process has the
// same; outside production it is generated once in DATA_DIR): a different key per process, as the
// in-memory filter uses, would give each process names of its own. Keyed, because an address is
// only 32 bits: an unkeyed hash of one is reversed by trying them all. Nothing else about the
// audience reaches the store.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Characters of base64url kept of each SHA-256: 132 bits, far from colliding among a day's tallies. */
const NAME_CHARACTERS = 22;
/**
 * An agent's digest in its audience's tally: these bytes of its SHA-256, 64 bits (one audience
 * counts at most 1,000 agents of a kind a day: a false "already counted" about once in 10^13
 * tallies). Bytes 6–13 because the keys of the rows this replaced held characters 6–21 of the same
 * hash, so the stores carry those rows over without knowing the agents
 * (platform/src/store/legacy-once-keys.ts).
 */
const DIGEST_FROM = 6;

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
   * The digest of "this audience moved this agent's `kind` that day" in the audience's tally of
   * that kind and day (tally()): 16 hex characters.
   */
  digest(audienceDay: Buffer, kind: AgentEventKind, agentId: string): string {
    // The same bytes as createHash().update(audienceDay).update(tail), hashed in one call: a Hash
    // object per counted hit cost about twice the hashing (a flush hashes every shown hit that
    // passed the filter: issue 24's closed loop).
    const tail = `k\u0000${kind}\u0000${agentId}`;
    const input = Buffer.allocUnsafe(audienceDay.length + Buffer.byteLength(tail));
    audienceDay.copy(input);
    input.write(tail, audienceDay.length, 'utf8');
    return hash('sha256', input, 'buffer').toString('hex', DIGEST_FROM, DIGEST_FROM + ONCE_DIGEST_BYTES);
  }

  /** The name of this audience's tally of `kind` that day. */
  tally(audienceDay: Buffer, kind: AgentEventKind): string {
    return nameOf(createHash('sha256').update(audienceDay).update(`t\u0000${kind}`));
  }
}
