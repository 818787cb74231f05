import type { RequestHandler } from 'express';

// Requests this process has begun and not yet answered (or lost the connection of): how far behind
// it is, whatever the machine's other load. A request costs a few milliseconds of the thread, so
// dozens in flight at once means each waits behind the others (bench:load's closed loop keeps
// about 100 in flight per worker; its open loop at 300 req/s, one to a few).

export class InFlight {
  private count = 0;

  /** Requests begun and not yet closed. */
  get size(): number {
    return this.count;
  }

  /** Counts each request from here until its response closes (finished or cut). */
  readonly track: RequestHandler = (_req, res, next) => {
    this.count += 1;
    res.once('close', () => {
      this.count -= 1;
    });
    next();
  };
}
