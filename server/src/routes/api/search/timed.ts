import type { Response } from 'express';

/** Server-Timing lets browsers' dev tools (and our benchmark) see how long the search itself took. */
export function timed<T>(res: Response, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  return work().finally(() =>
    res.set('Server-Timing', `search;dur=${(performance.now() - started).toFixed(2)}`),
  );
}
