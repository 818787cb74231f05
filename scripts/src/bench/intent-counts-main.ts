import fs from 'node:fs';
import path from 'node:path';
import { IntentCounts } from '@agentry/platform/search/embedded/catalog-intent-counts';
import { InvertedIndex } from '@agentry/platform/search/embedded/inverted-index';
import { TimeSlices, UNSLICED } from '@agentry/platform/search/embedded/time-slices';
import type { SearchDocument } from '@agentry/platform/search/port';
import { optionValue } from '../cli/options';
import { syntheticAgents } from './synthetic-agents';
import { asSearchDocuments } from './synthetic-documents';

// `node --expose-gc --import tsx scripts/src/bench/intent-counts-main.ts [--agents 100000] [--changes 20000] [--real]`:
// what catalogIntent's counts (embedded/catalog-intent-counts.ts) cost at catalog size (issue 27):
// their memory (typed arrays' bytes, and the heap a count of the whole index takes), the time to
// count a whole index (what a snapshot-loaded index spends, in slices, before it serves), the
// counting share of one index change (a document taken off and counted again), and the longest
// hold of the event loop while a whole count runs in slices. --real: the 1,030 real agents of
// ../shared/data/agents.json instead of synthetic ones (more roles and words per agent).

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  gc?.();
  // Typed arrays' buffers live outside the JS heap.
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

function documents(): SearchDocument[] {
  if (process.argv.includes('--real')) {
    const rows = JSON.parse(fs.readFileSync(path.resolve('../shared/data/agents.json'), 'utf8'));
    return asSearchDocuments(rows as Array<Record<string, string>>);
  }
  const agents = Number(optionValue(process.argv, 'agents') ?? 100_000);
  return asSearchDocuments([...syntheticAgents(agents)] as unknown as Array<Record<string, string>>);
}

async function main() {
  if (!gc) console.log('(run with node --expose-gc for heap figures)');
  const loaded = documents();
  const index = new InvertedIndex();
  let started = performance.now();
  await index.loadStream(loaded);
  const loadMs = performance.now() - started;
  console.log(
    `${index.size.toLocaleString()} agents indexed in ${(loadMs / 1000).toFixed(1)} s (counts included)`,
  );
  const { roles, categories } = index.intent;
  console.log(
    `classes: ${roles.count} role ids, ${categories.count} categories; (stem, class) keys: roles ${roles.pairs.size.toLocaleString()}, categories ${categories.pairs.size.toLocaleString()}`,
  );
  console.log(`counts' typed arrays: ${mb(index.intent.bytes)}`);

  // A whole count, as a snapshot-loaded index makes one: time, then the heap it holds.
  const before = heap();
  const times: number[] = [];
  let kept: IntentCounts | null = null;
  for (let run = 0; run < 3; run++) {
    kept = null;
    started = performance.now();
    kept = await IntentCounts.of(index, UNSLICED);
    times.push(performance.now() - started);
  }
  console.log(
    `whole count (snapshot load): ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}; heap and buffers held ${mb(heap() - before)} (${kept!.documents} documents)`,
  );

  // In 8 ms slices (the loader's), the longest stretch between two turns of the event loop.
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 0);
  started = performance.now();
  last = started;
  await IntentCounts.of(index, new TimeSlices(8));
  clearInterval(timer);
  longest = Math.max(longest, performance.now() - last);
  console.log(
    `whole count in 8 ms slices: ${(performance.now() - started).toFixed(0)} ms, longest event-loop hold ${longest.toFixed(1)} ms`,
  );

  // One index change's counting: a live document taken off and counted again (remove + add).
  const changes = Number(optionValue(process.argv, 'changes') ?? 20_000);
  const live = [...Array(index.capacity).keys()].filter((n) => index.isAlive(n));
  const counts = index.intent;
  const each: number[] = [];
  for (let i = 0; i < changes; i++) {
    const n = live[(i * 7919) % live.length]!;
    const t = performance.now();
    counts.remove(index, n);
    counts.add(index, n);
    each.push(performance.now() - t);
  }
  each.sort((a, b) => a - b);
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  console.log(
    `per change (remove + add of one agent's counts), ${changes}: median ${us(percentile(each, 0.5))}, p99 ${us(percentile(each, 0.99))}, max ${us(each[each.length - 1]!)}`,
  );
  // A whole upsert through the index, for scale.
  const upserts: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const document = loaded[(i * 104_729) % loaded.length]!;
    const t = performance.now();
    index.upsert({ ...document, description: `${document.description} updated` });
    upserts.push(performance.now() - t);
  }
  upserts.sort((a, b) => a - b);
  console.log(
    `per index.upsert (everything), 2000: median ${us(percentile(upserts, 0.5))}, p99 ${us(percentile(upserts, 0.99))}`,
  );
}

void main();
