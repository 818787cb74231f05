import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from '@agentry/platform/log/logger';
import { AGENT_EVENT_KINDS, type AgentEventKind } from '@agentry/platform/store/port';

// Counts that count people, not requests (issue 21, finding 3): an agent's appeared, opened,
// clicked, compared and contacted counts move at most once per audience (a signed-in account or an
// employer API key's account, else a client address: analytics/audience.ts), per agent, per kind,
// per UTC day; and one audience moves at most DAILY_CAPS[kind] agents a day. Two anonymous MCP
// requests of 110 comparisons raised an agent's `compared` by 110, and one search of 20
// sub-searches added 20 `appeared`; now they add at most one.
//
// Memory is bounded and nothing about the audience is kept in the clear: each (audience, kind,
// agent) is a 32-bit number (a keyed hash of the audience: the counter's day digest, keyed with the
// shared secret, or an HMAC under a key drawn at start when none is given; mixed with the kind and
// agent id), held in one Set for the day, at most MAX_SEEN of them (about 20 MB); the
// per-audience totals are a Map of such numbers, at most MAX_AUDIENCES. Both are emptied when the
// UTC day turns. A full Set is emptied too (with a warning) rather than refusing every count: the
// worst it allows is one more count per agent and audience after MAX_SEEN distinct ones, and an
// audience's daily caps bound how fast any one client can fill it.
//
// Per process, and so only a first filter: with several API workers a client's address reaches
// whichever worker the balancer picks, so what passes here is counted by the store, once per key
// across every process (agent-event-counter.ts, AgentStatsRepository.countOnce). This filter keeps
// the repeats, the bulk of what a searching visitor sends, from costing a store write.

/** Agents one audience may move a day, per kind: far above what a person does, far below a script. */
export const DAILY_CAPS: Record<AgentEventKind, number> = {
  appeared: 1000,
  opened: 200,
  clicked: 50,
  compared: 200,
  contacted: 50,
};
export const MAX_SEEN = 1_000_000;
export const MAX_AUDIENCES = 200_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const KIND_INDEX = new Map(AGENT_EVENT_KINDS.map((kind, index) => [kind, index]));

/** FNV-1a's state after `text`, from `hash`: feed(feed(h, a), b) is feed(h, a + b), without the string a + b. */
function feed(hash: number, text: string): number {
  let next = hash;
  for (let i = 0; i < text.length; i++) {
    next ^= text.charCodeAt(i);
    next = Math.imul(next, 0x01000193);
  }
  return next;
}

/** 32-bit FNV-1a of `text`, started from `seed` (the audience's keyed hash): a Smi, cheap to keep in a Set. */
function mix(seed: number, text: string): number {
  return feed((seed ^ 0x811c9dc5) >>> 0, text) | 0;
}

export interface OncePerAudienceOptions {
  now: () => number;
  logger: Logger;
  maxSeen?: number;
  maxAudiences?: number;
  caps?: Partial<Record<AgentEventKind, number>>;
}

export class OncePerAudience {
  private readonly key = randomBytes(32);
  private readonly now: () => number;
  private readonly logger: Logger;
  private readonly maxSeen: number;
  private readonly maxAudiences: number;
  private readonly caps: Record<AgentEventKind, number>;
  private seen = new Set<number>();
  /** Agents moved today per audience and kind (keyed by their mixed hash). */
  private moved = new Map<number, number>();
  private day = -1;

  constructor(options: OncePerAudienceOptions) {
    this.now = options.now;
    this.logger = options.logger;
    this.maxSeen = options.maxSeen ?? MAX_SEEN;
    this.maxAudiences = options.maxAudiences ?? MAX_AUDIENCES;
    this.caps = { ...DAILY_CAPS, ...options.caps };
  }

  /**
   * The agents of `ids` this audience has not moved today for `kind`, within its daily cap; they
   * are marked as moved. Repeats inside `ids` count once. O(ids), no I/O. `seed`: a keyed hash of
   * the audience for the day that the caller made anyway (agent-event-counter.ts passes its day
   * digest's first bytes, keyed with a secret too): one HMAC a request instead of two.
   */
  admit(
    audience: string,
    kind: AgentEventKind,
    ids: Iterable<string>,
    seed = createHmac('sha256', this.key).update(audience).digest().readInt32BE(0),
  ): string[] {
    this.turnDay();
    const kindTag = String.fromCharCode(48 + KIND_INDEX.get(kind)!);
    const movedKey = mix(seed, `#${kindTag}`);
    let moved = this.moved.get(movedKey) ?? 0;
    const cap = this.caps[kind];
    const admitted: string[] = [];
    // mix(seed, kindTag + id) for each id, the kind's part fed once (no string made per hit).
    const kindState = feed((seed ^ 0x811c9dc5) >>> 0, kindTag);
    for (const id of ids) {
      if (moved >= cap) break;
      const entry = feed(kindState, id) | 0;
      if (this.seen.has(entry)) continue;
      if (this.seen.size >= this.maxSeen) this.empty('seen');
      this.seen.add(entry);
      admitted.push(id);
      moved += 1;
    }
    if (admitted.length > 0) {
      if (!this.moved.has(movedKey) && this.moved.size >= this.maxAudiences) this.empty('audiences');
      this.moved.set(movedKey, moved);
    }
    return admitted;
  }

  /** Agents one audience may move a day for `kind`. */
  capOf(kind: AgentEventKind): number {
    return this.caps[kind];
  }

  /** Entries held now (for tests and /healthz-style reporting). */
  get size(): { seen: number; audiences: number } {
    return { seen: this.seen.size, audiences: this.moved.size };
  }

  private turnDay(): void {
    const day = Math.floor(this.now() / DAY_MS);
    if (day === this.day) return;
    this.day = day;
    this.seen = new Set();
    this.moved = new Map();
  }

  private empty(what: 'seen' | 'audiences'): void {
    this.logger.warn(
      { seen: this.seen.size, audiences: this.moved.size, full: what },
      'analytics de-duplication full for today: emptied; an audience may count once more per agent',
    );
    if (what === 'seen') this.seen = new Set();
    else this.moved = new Map();
  }
}
