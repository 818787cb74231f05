// Turns on the event loop for the units of work requests carry (each search of a multi-search,
// each tool call of an MCP batch, each single search), taken fairly between clients.
//
// Without it, a POST of 100 searches runs them all in one go: the engine's work is synchronous, so
// `Promise.all` over them holds the event loop for the whole batch and every other client's request
// waits behind it (issue 21: 6.6 s and 13.2 s stalls from six MCP batches). Here each unit starts on
// a turn of its own (setImmediate), so the process reads its sockets between two units, and turns
// go round the clients that have work waiting, one unit each. A client that has had FRESH_UNITS
// turns since its queue was last empty waits behind every client that has had fewer: a visitor's
// search arriving while another client has 600 queued runs after the unit under way, not after a
// round of other heavy clients, and a client's queue never holds back anyone else's for more than
// one unit. A unit's own awaits (a Meilisearch round trip) do not hold the next one up: turns order
// when units start, not how long they take.

/** Units a client runs before it counts as heavy: what one InstantSearch keystroke sends at most. */
export const FRESH_UNITS = 5;

interface Waiting {
  units: Array<() => void>;
  /** Units run since the client's queue was last empty. */
  served: number;
}

export class FairTurns {
  /** Clients with fewer than FRESH_UNITS run, in the order turns visit them (a Map keeps insertion order). */
  private readonly fresh = new Map<string, Waiting>();
  /** The others, visited only when no fresh client waits. */
  private readonly heavy = new Map<string, Waiting>();
  private scheduled = false;

  /** Runs `work` on one of `client`'s turns; resolves or rejects as it does. */
  run<T>(client: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        try {
          work().then(resolve, reject);
        } catch (error) {
          reject(error);
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

  /** Starts the next unit of the first fresh client (else heavy), then sends it to the back of its tier. */
  private turn(): void {
    this.scheduled = false;
    const tier = this.fresh.size > 0 ? this.fresh : this.heavy;
    const next = tier.entries().next();
    if (next.done) return;
    const [client, waiting] = next.value;
    const start = waiting.units.shift()!;
    waiting.served += 1;
    tier.delete(client);
    if (waiting.units.length > 0)
      (waiting.served < FRESH_UNITS ? this.fresh : this.heavy).set(client, waiting);
    if (this.fresh.size + this.heavy.size > 0) this.schedule();
    start();
  }
}
