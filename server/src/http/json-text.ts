import type { Response } from 'express';

// JSON written a piece at a time: a multi-search's results are serialised each in its own search's
// turn on the event loop (fair-turns.ts), then sent joined, instead of 20 results (600 kB at 20
// hits each, 2.4 MB at 100) serialised in one stretch at the end.

/** JSON.stringify as res.json writes it with 'json escape' on (app.ts): < > & as \u003c \u003e \u0026. */
export function escapedJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

/** Sends `{"results": [...]}` from results already serialised by escapedJson. */
export function sendResults(res: Response, results: string[]): void {
  res.type('json').send(`{"results":[${results.join(',')}]}`);
}
