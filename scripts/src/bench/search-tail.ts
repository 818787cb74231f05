// Where the open loop's slowest searches waited (issue 24: search's p99 was 60-99 ms on a quiet
// machine against 25-42 ms of the server's own time). Each answer's Server-Timing says the
// server's time (`app`), the search's (`search`, from the route's start to its answer) and of that
// its wait for a turn of the event loop (`turn`, fair-turns.ts; absent for a kept answer). Of the
// slowest fraction, the mean of each part:
// - outside the server: the request waited to be read (the worker's loop busy, or no core free),
//   or its answer waited for the generator;
// - in the server before the search: middleware, and the loop between them;
// - waiting for its turn: behind other clients' searches;
// - searching: its own slices and whatever ran between them.

/** `NAME;dur=MS` of an answer's Server-Timing, or null. */
export function timingOf(header: string | string[] | undefined, name: string): number | null {
  const value = Array.isArray(header) ? header.join(', ') : (header ?? '');
  const found = new RegExp(`(?:^|,\\s*)${name};dur=([\\d.]+)`).exec(value);
  return found ? Number(found[1]) : null;
}

export interface SearchTail {
  /** How many answers the slowest fraction held. */
  count: number;
  /** Their mean latency as the client saw it, ms. */
  meanMs: number;
  beforeServerMs: number;
  beforeSearchMs: number;
  turnMs: number;
  searchingMs: number;
  /** Of them, how many were kept answers (no turn). */
  kept: number;
}

interface Sample {
  ms: number;
  app: number | null;
  search: number | null;
  turn: number | null;
}

export class SearchTails {
  private readonly samples: Sample[] = [];

  add(ms: number, serverTiming: string | string[] | undefined): void {
    this.samples.push({
      ms,
      app: timingOf(serverTiming, 'app'),
      search: timingOf(serverTiming, 'search'),
      turn: timingOf(serverTiming, 'turn'),
    });
  }

  /** The slowest `fraction` of the answers that carried the server's times, or null without any. */
  slowest(fraction: number): SearchTail | null {
    const timed = this.samples.filter((s) => s.app !== null && s.search !== null);
    if (timed.length === 0) return null;
    const tail = [...timed]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, Math.max(1, Math.ceil(timed.length * fraction)));
    const mean = (pick: (s: Sample) => number) =>
      Math.round((tail.reduce((sum, s) => sum + pick(s), 0) / tail.length) * 10) / 10;
    return {
      count: tail.length,
      meanMs: mean((s) => s.ms),
      beforeServerMs: mean((s) => Math.max(0, s.ms - s.app!)),
      beforeSearchMs: mean((s) => Math.max(0, s.app! - s.search!)),
      turnMs: mean((s) => s.turn ?? 0),
      searchingMs: mean((s) => Math.max(0, s.search! - (s.turn ?? 0))),
      kept: tail.filter((s) => s.turn === null).length,
    };
  }
}

export function describeSearchTail(tail: SearchTail): string {
  return `    search's slowest 1 % (${tail.count}, ${tail.kept} kept answers): ${tail.meanMs} ms on average = ${tail.beforeServerMs} outside the server (waiting to be read, or the generator late to read the answer) + ${tail.beforeSearchMs} in the server before the search + ${tail.turnMs} waiting for its turn + ${tail.searchingMs} searching (its slices and what ran between them)`;
}
