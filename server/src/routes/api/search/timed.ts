import type { Response } from 'express';

/**
 * Server-Timing lets browsers' dev tools (and our benchmark) see how long the search took, and of
 * that how long it waited for its turn of the event loop (`turn`, when it took one: a kept answer
 * takes none).
 */
export function timed<T>(res: Response, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  return work().finally(() => {
    const waited = res.locals.turnWaitMs;
    res.set(
      'Server-Timing',
      `search;dur=${(performance.now() - started).toFixed(2)}${typeof waited === 'number' ? `, turn;dur=${waited.toFixed(2)}` : ''}`,
    );
  });
}
