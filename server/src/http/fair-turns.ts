// Turns on the event loop for the units of work a request carries (each search of a multi-search,
// each tool call of an MCP batch), taken fairly between clients.
//
// Without it, a POST of 100 searches runs them all in one go: the engine's work is synchronous, so
// `Promise.all` over them holds the event loop for the whole batch and every other client's request
// waits behind it (issue 21: 6.6 s and 13.2 s stalls from six MCP batches). Here each unit starts on
// a turn of its own (setImmediate), so the process reads its sockets between two units; and turns
// go round the clients that have work waiting, one unit each, so a client with 600 searches queued
// delays a client with one by at most one unit, never by its whole queue. A unit's own awaits (a
// Meilisearch round trip) do not hold the next one up: turns order when units start, not how long
// they take.

export class FairTurns {
  /** Each client's waiting units, in the order turns visit them (a Map keeps insertion order). */
  private readonly waiting = new Map<string, Array<() => void>>();
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
      const queue = this.waiting.get(client);
      if (queue) queue.push(start);
      else this.waiting.set(client, [start]);
      this.schedule();
    });
  }

  /** Units waiting for a turn, all clients together (for tests and health). */
  get size(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.turn());
  }

  /** Starts the first waiting client's next unit, then sends that client to the back of the round. */
  private turn(): void {
    this.scheduled = false;
    const next = this.waiting.entries().next();
    if (next.done) return;
    const [client, queue] = next.value;
    const start = queue.shift()!;
    this.waiting.delete(client);
    if (queue.length > 0) this.waiting.set(client, queue);
    if (this.waiting.size > 0) this.schedule();
    start();
  }
}
