import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { searchDocument } from '../contract';
import type { SearchDocument, SearchRequest, SearchResponse } from '../port';
import { EmbeddedSearchEngine } from './embedded-engine';
import type { SliceOptions } from './search-steps';

// Issue 24: a dear search runs in slices of the event loop (search-steps.ts), other work between
// them, and searches and index changes take turns (exclusive.ts). No wall clock here: slices are
// measured on a clock that counts its own reads, and the pauses between them are counted.

/** More documents than one block of a loop (search-steps.ts BLOCK), all matching "alpha". */
const CATALOG: SearchDocument[] = Array.from({ length: 3000 }, (_, i) =>
  searchDocument(`a${i}`, {
    name: `Alpha ${i}`,
    role: i % 2 ? 'Bookkeeper' : 'Customer Support Agent',
    description: i % 3 ? 'Answers customer emails for the alpha team.' : 'Keeps the books.',
  }),
);
const QUERIES: SearchRequest[] = [
  { query: 'alpha', facets: ['role'] },
  { query: 'alpha emails', page: 3, hitsPerPage: 50 },
];

/** A clock that moves one unit each time it is read: a slice of budget b is about b steps. */
function countingClock(): () => number {
  let time = 0;
  return () => ++time;
}

async function engineWith(slices: SliceOptions, documents = CATALOG): Promise<EmbeddedSearchEngine> {
  const engine = await EmbeddedSearchEngine.open(':memory:', { serve: true, pollMs: 60_000, slices });
  await engine.apply({ upserts: documents, deletes: [], checkpoint: 1 });
  return engine;
}

const comparable = (response: SearchResponse) => ({ ...response, processingTimeMs: 0 });

/** What each query answers searched whole, on an engine of its own holding `documents`. */
async function wholeAnswers(requests: SearchRequest[], documents = CATALOG) {
  const engine = await engineWith({ budgetMs: Number.POSITIVE_INFINITY }, documents);
  const answers = [];
  for (const request of requests) answers.push(comparable(await engine.search(request)));
  await engine.close();
  return answers;
}

describe('a search in slices', () => {
  it('lets other work run between its slices, and answers as the whole search does', async () => {
    let pauses = 0;
    const engine = await engineWith({
      budgetMs: 3,
      now: countingClock(),
      pause: () => {
        pauses += 1;
        return new Promise((resolve) => setImmediate(resolve));
      },
    });
    const order: string[] = [];
    const answer = engine.search(QUERIES[0]!).then((response) => {
      order.push('search');
      return response;
    });
    setImmediate(() => order.push('other work'));
    const response = await answer;
    expect(order).toEqual(['other work', 'search']);
    expect(pauses).toBeGreaterThan(2);
    expect(comparable(response)).toEqual((await wholeAnswers([QUERIES[0]!]))[0]);
    expect(engine.idle()).toBeNull();
    await engine.close();
  });

  it('runs whole, before other work, when its slice is long enough', async () => {
    const engine = await engineWith({ budgetMs: Number.POSITIVE_INFINITY });
    const order: string[] = [];
    const answer = engine.search(QUERIES[0]!).then(() => order.push('search'));
    setImmediate(() => order.push('other work'));
    await answer;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['search', 'other work']);
    await engine.close();
  });

  it('keeps two searches in slices at once apart: each answers as it would alone', async () => {
    const engine = await engineWith({ budgetMs: 0 });
    const answers = await Promise.all(QUERIES.map((request) => engine.search(request)));
    expect(answers.map(comparable)).toEqual(await wholeAnswers(QUERIES));
    await engine.close();
  });

  it('gives a kept answer at once while another search is between slices', async () => {
    const engine = await engineWith({ budgetMs: 0 });
    const kept = await engine.search(QUERIES[0]!);
    const order: string[] = [];
    const running = engine.search(QUERIES[1]!).then(() => order.push('new search'));
    expect(engine.idle()).not.toBeNull();
    const again = await engine.search(QUERIES[0]!);
    order.push('kept answer');
    await running;
    expect(again).toBe(kept);
    expect(order).toEqual(['kept answer', 'new search']);
    await engine.close();
  });
});

describe('a change arriving while a search is between slices', () => {
  // Of a role the catalog has, so that its role (catalogIntent) does not rank it below the others.
  const newcomer = searchDocument('new', {
    name: 'Alpha Alpha Prime',
    role: 'Customer Support Agent',
    description: 'Alpha alpha alpha.',
  });

  it('waits for the search, which answers from the index as it was; the next search sees it', async () => {
    let engine: EmbeddedSearchEngine | undefined;
    let applying: Promise<unknown> | undefined;
    const sizes: number[] = [];
    engine = await engineWith({
      budgetMs: 0,
      pause: () => {
        // The first pause: a write comes in (the in-process indexer's apply).
        applying ??= engine!.apply({ upserts: [newcomer], deletes: [], checkpoint: 2 });
        sizes.push(engine!.size);
        return new Promise((resolve) => setImmediate(resolve));
      },
    });
    const before = await engine.search(QUERIES[0]!);
    expect(applying).toBeDefined();
    // The index stayed as it was through every slice of the search.
    expect(new Set(sizes)).toEqual(new Set([CATALOG.length]));
    expect(comparable(before)).toEqual((await wholeAnswers([QUERIES[0]!]))[0]);
    await applying;
    const after = await engine.search(QUERIES[0]!);
    expect(after.hits[0]!.document.id).toBe('new');
    expect(comparable(after)).toEqual((await wholeAnswers([QUERIES[0]!], [...CATALOG, newcomer]))[0]);
    await engine.close();
  });

  describe('from another process', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-slices-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('is caught up from the change log, or swapped in, only between searches', async () => {
      const file = path.join(dir, 'search.db');
      const writer = await EmbeddedSearchEngine.open(file, { serve: false });
      await writer.apply({ upserts: CATALOG, deletes: [], checkpoint: 1 });
      let server: EmbeddedSearchEngine | undefined;
      let change: (() => Promise<unknown>) | undefined;
      let changing: Promise<unknown> | undefined;
      const sizes: number[] = [];
      server = await EmbeddedSearchEngine.open(file, {
        serve: true,
        pollMs: 60_000,
        slices: {
          budgetMs: 0,
          pause: () => {
            if (change && !changing) changing = change();
            sizes.push(server!.size);
            return new Promise((resolve) => setImmediate(resolve));
          },
        },
      });
      // What it answers before any change (under a key of its own: the next search is not kept).
      const asWas = comparable(await server.search(QUERIES[0]!, 'before the change'));
      sizes.length = 0;

      // Another process's write, caught up by the poller mid-search.
      change = async () => {
        await writer.apply({ upserts: [newcomer], deletes: [], checkpoint: 2 });
        await server!.sync();
      };
      expect(comparable(await server.search(QUERIES[0]!))).toEqual(asWas);
      expect(new Set(sizes)).toEqual(new Set([CATALOG.length]));
      await changing;
      expect((await server.search(QUERIES[0]!)).hits[0]!.document.id).toBe('new');

      // A rebuild swapped in by another process, reloaded mid-search.
      changing = undefined;
      change = async () => {
        const build = await writer.beginRebuild();
        await build.add(CATALOG.slice(0, 10));
        await build.swap(3);
        await server!.sync();
      };
      sizes.length = 0;
      const during = await server.search({ ...QUERIES[0]!, hitsPerPage: 5 });
      expect(during.hits[0]!.document.id).toBe('new');
      expect(new Set(sizes)).toEqual(new Set([CATALOG.length + 1]));
      await changing;
      expect((await server.search({ ...QUERIES[0]!, hitsPerPage: 5 })).totalHits).toBe(10);

      await writer.close();
      await server.close();
    });
  });
});
