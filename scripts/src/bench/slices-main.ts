import os from 'node:os';
import { executeSearch, searchSteps } from '@agentry/platform/search/embedded/execute';
import { InvertedIndex } from '@agentry/platform/search/embedded/inverted-index';
import { Scratch } from '@agentry/platform/search/embedded/scratch';
import { runInSlices, SLICE_BUDGET_MS } from '@agentry/platform/search/embedded/search-steps';
import type { SearchRequest } from '@agentry/platform/search/port';
import { syntheticAgents, useCaseQueries } from './synthetic-agents';
import { asSearchDocuments } from './synthetic-documents';

// `tsx scripts/src/bench/slices-main.ts [--agents N] [--queries N] [--slice-ms MS]`: how long one distinct search
// holds the event loop in one piece (issue 24), run whole as before and in slices as the serving
// engine runs it now (platform/src/search/embedded/search-steps.ts): N synthetic agents (100,000 by
// default) in two copies of the index, each search asked of both in turn (which goes first
// alternates), so a busy machine slows both alike. Prints, per kind of search, the p50/p99/max of
// the whole search and of its longest slice, with the slices' count. Kinds: the use-case queries
// bench:search asks, a word nearly every agent's name holds ("AI", the start-up probe's), and deep
// pages of it (the window is then every hit).

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function copyOf(documents: Parameters<InvertedIndex['loadStream']>[0]) {
  const index = new InvertedIndex();
  await index.loadStream(documents);
  await index.orders.prepare();
  return { index, scratch: new Scratch() };
}

/** One search in slices: its longest slice and how many there were (real clock, real turns). */
async function sliced(
  copy: { index: InvertedIndex; scratch: Scratch },
  request: SearchRequest,
  budgetMs: number,
) {
  let sliceStarted = performance.now();
  let longest = 0;
  let slices = 1;
  await runInSlices(searchSteps(copy.index, copy.scratch, request), {
    budgetMs,
    pause: async () => {
      longest = Math.max(longest, performance.now() - sliceStarted);
      await new Promise((resolve) => setImmediate(resolve));
      slices += 1;
      sliceStarted = performance.now();
    },
  });
  return { longest: Math.max(longest, performance.now() - sliceStarted), slices };
}

async function main() {
  const agents = Number(argument('agents') ?? 100_000);
  const count = Number(argument('queries') ?? 300);
  // The slice the serving engine uses unless SEARCH_SLICE_MS says otherwise.
  const sliceMs = Number(argument('slice-ms') ?? SLICE_BUDGET_MS);
  const documents = asSearchDocuments([...syntheticAgents(agents)] as unknown as Array<
    Record<string, string>
  >);
  const whole = await copyOf(documents);
  const inSlices = await copyOf(documents);
  console.log(
    `${agents} agents loaded twice; ${count} distinct queries; slices of ${sliceMs} ms (load ${loadAverage()})`,
  );
  // Warm-up with other queries: the JIT, the lexicon, per-index caches.
  for (const query of useCaseQueries(200, 7)) {
    executeSearch(whole.index, whole.scratch, { query });
    await sliced(inSlices, { query }, sliceMs);
  }
  const kinds: Array<[string, SearchRequest[]]> = [
    ['use-case queries', useCaseQueries(count, 99).map((query) => ({ query }))],
    ['"ai" (nearly every name)', [{ query: 'ai' }, { query: 'ai agent' }, { query: 'ai assistant' }]],
    ['"ai", page 50 of 100', [10, 30, 50].map((page) => ({ query: 'ai', page, hitsPerPage: 100 }))],
  ];
  for (const [kind, requests] of kinds) {
    const wholeMs: number[] = [];
    const longest: number[] = [];
    const slices: number[] = [];
    for (const [q, request] of requests.entries()) {
      const measureWhole = () => {
        const started = performance.now();
        executeSearch(whole.index, whole.scratch, request);
        wholeMs.push(performance.now() - started);
      };
      if (q % 2 === 0) measureWhole();
      const run = await sliced(inSlices, request, sliceMs);
      longest.push(run.longest);
      slices.push(run.slices);
      if (q % 2 === 1) measureWhole();
    }
    const line = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `p50 ${percentile(sorted, 0.5).toFixed(1)} / p99 ${percentile(sorted, 0.99).toFixed(1)} / max ${sorted.at(-1)!.toFixed(1)}`;
    };
    console.log(
      `${kind} (${requests.length}): whole search ${line(wholeMs)} ms; longest slice ${line(longest)} ms; slices ${line(slices)}`,
    );
  }
  console.log(`load average after: ${loadAverage()}`);
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
