// One piece of work at a time, in the order asked: the serving engine's searches and the changes
// to its in-memory index (apply, the catch-up from the change log, the swap of a reloaded index).
// A search runs in slices (search-steps.ts) and other requests run between them; while it is
// suspended it holds the engine's scratch arrays and reads the index, so neither another search
// nor a change may come in between: they wait for it here. Work asked while nothing runs starts at
// once, synchronously (a cheap search, or a write when no search is running, is exactly as before).

export class Exclusive {
  private held = false;
  private readonly waiting: Array<() => void> = [];
  private freed: Array<() => void> = [];

  /** Runs `work` when everything asked before it has settled; resolves or rejects as it does. */
  run<T>(work: () => T | Promise<T>): Promise<T> {
    if (!this.held) return this.start(work);
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => this.start(work).then(resolve, reject));
    });
  }

  /** Whether work is running or waiting. */
  get busy(): boolean {
    return this.held;
  }

  /** Null when nothing runs; else a promise that settles once all work asked so far has. */
  idle(): Promise<void> | null {
    if (!this.held) return null;
    return new Promise<void>((resolve) => this.freed.push(resolve));
  }

  private start<T>(work: () => T | Promise<T>): Promise<T> {
    this.held = true;
    let done: Promise<T>;
    try {
      done = Promise.resolve(work());
    } catch (error) {
      done = Promise.reject(error);
    }
    const release = () => {
      const next = this.waiting.shift();
      if (next) return next();
      this.held = false;
      const freed = this.freed;
      this.freed = [];
      for (const resolve of freed) resolve();
    };
    done.then(release, release);
    return done;
  }
}
