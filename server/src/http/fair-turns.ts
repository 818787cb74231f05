// Turns on the event loop for the units of work requests carry (each search of a multi-search,
// each tool call of an MCP batch, each single search), taken fairly between clients.
//
// Without it, a POST of 100 searches runs them all in one go: the engine's work is synchronous, so
// `Promise.all` over them holds the event loop for the whole batch and every other client's request
// waits behind it (issue 21: 6.6 s and 13.2 s stalls from six MCP batches). Here units start in
// turns: a turn starts units one after another until it has spent TURN_BUDGET_MS of the event
// loop (measured on a clock, not counted: one slow search or twenty cached ones), then the process
// reads its sockets before the next turn. Within and across turns, units go round the clients that
// have work waiting, one unit each. A client that has had FRESH_UNITS units since its queue was last
// empty waits behind every client that has had fewer: a visitor's search arriving while another
// client has 600 queued runs at the next turn, after at most one turn's budget of the other's work,
// not after a round of other heavy clients. A unit's own awaits (a Meilisearch round trip) do not
// hold the next one up: turns order when units start, not how long they take.
//
// Issue 24: the embedded engine runs a dear search in slices of the event loop, one search at a
// time (platform/src/search/embedded/search-steps.ts). A turn waits until the engine is idle
// (`whileBusy`) before it starts a unit, so searches still start in the fair order decided here;
// without it, each turn would start one more search to queue inside the engine in arrival order.
//
// Issue 24: a turn used to start one unit only. Under a steady open loop each turn of the event
// loop also reads and answers every other request that arrived meanwhile, so searches and role
// lists queued one per turn behind all of it (their p50 44–205 ms against 7–20 ms for other kinds).

/** Units a client runs before it counts as heavy: what one InstantSearch keystroke sends at most. */
export const FRESH_UNITS = 5;

/**
 * Event-loop time one turn may spend on units before the process goes back to its sockets (ms):
 * one distinct search at the 100,000-agent catalog's p50 is about 4 ms, a cached one far less.
 * A turn always starts one unit, so a unit dearer than the budget still runs, alone.
 */
export const TURN_BUDGET_MS = 6;

export interface FairTurnsOptions {
  /** How long one turn may take, ms (TURN_BUDGET_MS). */
  budgetMs?: number;
  /** The clock that measures a turn (performance.now); tests pass their own. */
  now?: () => number;
  /**
   * Null when units may start; else a promise that settles when they may (the embedded engine
   * running a search in slices: SearchEngine.idle).
   */
  whileBusy?: () => Promise<void> | null;
}

interface Waiting {
  /** Each starts its unit and gives back a promise that settles when the unit does. */
  units: Array<() => Promise<unknown>>;
  /** Units run since the client's queue was last empty. */
  served: number;
}

export class FairTurns {
  /** Clients with fewer than FRESH_UNITS run, in the order turns visit them (a Map keeps insertion order). */
  private readonly fresh = new Map<string, Waiting>();
  /** The others, visited only when no fresh client waits. */
  private readonly heavy = new Map<string, Waiting>();
  private scheduled = false;
  /** Turns begun: a turn's chain of units stops once a later turn has begun. */
  private turnsBegun = 0;
  private readonly budgetMs: number;
  private readonly now: () => number;
  private readonly whileBusy: () => Promise<void> | null;

  constructor(options: FairTurnsOptions = {}) {
    this.budgetMs = options.budgetMs ?? TURN_BUDGET_MS;
    this.now = options.now ?? (() => performance.now());
    this.whileBusy = options.whileBusy ?? (() => null);
  }

  /** Runs `work` on one of `client`'s turns; resolves or rejects as it does. */
  run<T>(client: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = (): Promise<unknown> => {
        try {
          const done = work();
          done.then(resolve, reject);
          return done;
        } catch (error) {
          reject(error);
          return Promise.resolve();
        }
      };
      const waiting = this.fresh.get(client) ?? this.heavy.get(client);
      if (waiting) waiting.units.push(start);
      else this.fresh.set(client, { units: [start], served: 0 });
      this.schedule();
    });
  }

  /** Units waiting for a turn, all clients together (for tests and health). */
  get size(): number {
    let count = 0;
    for (const tier of [this.fresh, this.heavy]) for (const { units } of tier.values()) count += units.length;
    return count;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.turn());
  }

  /**
   * Starts units until the turn's budget is spent. The next unit starts when the one before has
   * settled, if it settles within this turn (the embedded engine answers synchronously, and the
   * unit's serialising follows in its own microtasks, before the event loop reads a socket): so the
   * clock read before each start has counted all the earlier units did. A unit that waits on I/O (a
   * Meilisearch round trip) does not settle within the turn; the next turn, already scheduled,
   * starts the next unit then, and the chain of this one stops.
   */
  private turn(): void {
    this.scheduled = false;
    const turn = ++this.turnsBegun;
    const began = this.now();
    const step = () => {
      if (turn !== this.turnsBegun) return;
      const busy = this.whileBusy();
      if (busy) {
        // The engine is between slices of a search: the next unit starts on the turn after it.
        const resume = () => this.schedule();
        busy.then(resume, resume);
        return;
      }
      const unit = this.startNext();
      if (!unit || this.fresh.size + this.heavy.size === 0) return;
      this.schedule();
      const next = () => {
        if (this.now() - began < this.budgetMs) step();
      };
      unit.then(next, next);
    };
    step();
  }

  /** Starts the next unit of the first fresh client (else heavy), then sends it to the back of its tier. */
  private startNext(): Promise<unknown> | null {
    const tier = this.fresh.size > 0 ? this.fresh : this.heavy;
    const next = tier.entries().next();
    if (next.done) return null;
    const [client, waiting] = next.value;
    const start = waiting.units.shift()!;
    waiting.served += 1;
    tier.delete(client);
    if (waiting.units.length > 0)
      (waiting.served < FRESH_UNITS ? this.fresh : this.heavy).set(client, waiting);
    return start();
  }
}
