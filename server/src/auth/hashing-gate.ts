// Password hashing is the most expensive thing the API does on purpose: one Argon2id at m = 19 MiB,
// t = 2 takes 20-65 ms of a core and 19 MiB (`npm run bench:hash`; the scrypt of N=2^17 it replaced
// took 0.4-1.4 s and 128 MB, and a stored scrypt hash is still checked once, at its owner's next
// sign-in). It runs on libuv's thread pool, four threads by default, so a burst of sign-ins and
// sign-ups could take every core from the event loops and stall all other requests (measured with
// scrypt at 5,000 agents and 300 req/s: p99 from 19 ms to 3.2 s with 1.3 hashes a second). The gate
// lets one hash run at a time per process and queues the rest: those requests wait their turn, the
// others keep going. A queue longer than its bound fails fast with a 503 rather than hold sockets
// and memory for seconds.

/** Hashes run at once in one API process (workers = cores, so at most one core each). */
export const HASHES_AT_ONCE = 1;
/**
 * Hashes allowed to wait; the next one is refused. At 20-65 ms an Argon2id, 100 waiting are 2 to
 * 6.5 s of queue (30 scrypt hashes were 12 s); the per-client sign-in limits come first.
 */
export const MAX_WAITING_HASHES = 100;

export class HashingBusyError extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'HashingBusyError';
  }
}

export class HashingGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly atOnce = HASHES_AT_ONCE,
    private readonly maxWaiting = MAX_WAITING_HASHES,
  ) {}

  /** Runs `task` when a slot is free; rejects at once with HashingBusyError when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) {
      if (this.waiting.length >= this.maxWaiting) throw new HashingBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line (running stays the same), else it is freed.
      if (next) next();
      else this.running -= 1;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
