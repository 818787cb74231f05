import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SearchRequest, SearchResponse } from '@agentry/platform/search/port';
import { optionValue } from '../cli/options';
import { USE_CASE } from './search-starts';
import { importSyntheticAgents, useCaseQueries } from './synthetic-agents';

// `tsx scripts/src/bench/fallback-compare-main.ts --against DIR [--agents 100000] [--store FILE]
// [--plain]`: the store fallback (the search a lost or loading index falls back on) of this checkout
// and of another (DIR, its node_modules installed) asked the same searches over the same SQLite
// file, one after the other in turn, in one process. Prints every answer that differs (a change to
// the degraded path must change none) and the CPU each side's searches took, all threads (the
// plain-matching thread's included) and the serving thread alone, median and p90. FILE: a store of the agents (made from N
// synthetic agents when missing, e.g. a kept import's agentry.db copied); --plain: only the plain
// queries (no filter, sort or facet), the visitors' search box; --lost-mirror: the two searches
// bench:search asks in turn while a lost mirror is rebuilt (the newest agent's name and a use case),
// 40 times each, as it asks them again and again.

interface Side {
  label: 'before' | 'after';
  search(request: SearchRequest): Promise<SearchResponse>;
  close(): Promise<void>;
}

async function sideOf(label: Side['label'], root: string, file: string): Promise<Side> {
  const { openSqliteStore } = await import(path.join(root, 'platform/src/store/sqlite/sqlite-store.ts'));
  const { StoreFallbackEngine } = await import(
    path.join(root, 'platform/src/search/store-fallback/store-fallback-engine.ts')
  );
  const store = openSqliteStore(file);
  const engine = new StoreFallbackEngine(store);
  // Its plain matching's first read of every agent's text, off the figures (as the API readies it).
  await engine.warmUp();
  return { label, search: (request) => engine.search(request), close: () => store.close() };
}

async function storeFile(agents: number): Promise<string> {
  const given = optionValue(process.argv, 'store');
  if (given && fs.existsSync(given)) return given;
  const file = given ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-fallback-')), 'agentry.db');
  const { openSqliteStore } = await import('@agentry/platform/store/sqlite/sqlite-store');
  const store = openSqliteStore(file);
  await importSyntheticAgents(store.agents, agents);
  await store.close();
  return file;
}

/** Use cases (two pages), agents' names, and a few words with pages, sorts, facets and filters. */
async function requestsOf(file: string, plainOnly: boolean): Promise<SearchRequest[]> {
  const { openSqliteStore } = await import('@agentry/platform/store/sqlite/sqlite-store');
  const store = openSqliteStore(file);
  const names = (await store.agents.list({ limit: 60 })).map((agent) => agent.name);
  let newest = '';
  for await (const batch of store.agents.scan(1000, undefined, { trust: false })) newest = batch.at(-1)!.name;
  await store.close();
  if (process.argv.includes('--lost-mirror'))
    return Array.from({ length: 80 }, (_, i) => ({ query: i % 2 === 0 ? newest : USE_CASE }));
  const requests: SearchRequest[] = [];
  for (const query of useCaseQueries(60)) requests.push({ query }, { query, page: 2 });
  for (const query of names) requests.push({ query, hitsPerPage: 5 });
  for (const query of [
    'AI',
    'assistant',
    'bookkeeping invoices',
    'zzznothing',
    'a the',
    'customer support chat',
  ])
    requests.push(
      { query },
      { query, page: 1, hitsPerPage: 7 },
      { query, sort: 'name' },
      { query, facets: ['category', 'pricing'] },
      { query, filters: { pricing: ['paid'] } },
    );
  requests.push({ query: '' }, { query: '', filters: { category: ['Finance'] } });
  const plain = (request: SearchRequest) =>
    request.query.trim() !== '' && !request.sort && !request.facets && !request.filters;
  return plainOnly ? requests.filter(plain) : requests;
}

/**
 * This thread's own CPU time so far, ms (Linux: /proc/self/task/PID/schedstat), NaN elsewhere: the
 * serving thread's share of a search, which waits for a core on a busy machine.
 */
const threadMs = () => {
  try {
    return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
};

const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const at = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

async function main() {
  const against = optionValue(process.argv, 'against');
  if (!against) throw new Error('--against DIR: a checkout of an earlier commit, its node_modules installed');
  const file = await storeFile(Number(optionValue(process.argv, 'agents') ?? 100_000));
  const requests = await requestsOf(file, process.argv.includes('--plain'));
  const sides = [
    await sideOf('before', path.resolve(against), file),
    await sideOf('after', path.resolve(__dirname, '../../..'), file),
  ];
  const cpu: Record<Side['label'], number[]> = { before: [], after: [] };
  const serving: Record<Side['label'], number[]> = { before: [], after: [] };
  let differ = 0;
  for (const [i, request] of requests.entries()) {
    const answers: Partial<Record<Side['label'], string>> = {};
    // Alternately before first and after first, so that neither always meets the other's garbage.
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const started = process.cpuUsage();
      const thread = threadMs();
      const response = await side.search(request);
      cpu[side.label].push(cpuMs(started));
      serving[side.label].push(threadMs() - thread);
      answers[side.label] = JSON.stringify({ ...response, processingTimeMs: 0 });
    }
    if (answers.before !== answers.after) {
      differ += 1;
      process.stdout.write(`differs: ${JSON.stringify(request)}\n`);
    }
  }
  const figure = (label: Side['label'], of = cpu) =>
    `median ${at(of[label], 0.5).toFixed(1)} ms, p90 ${at(of[label], 0.9).toFixed(1)} ms`;
  process.stdout.write(
    `${requests.length} searches, ${differ} answers differ (load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})\n` +
      `CPU per search, all threads: before ${figure('before')}; after ${figure('after')}; ratio of medians ${(at(cpu.after, 0.5) / at(cpu.before, 0.5)).toFixed(2)}\n` +
      `the serving thread alone: before ${figure('before', serving)}; after ${figure('after', serving)}; ratio of medians ${(at(serving.after, 0.5) / at(serving.before, 0.5)).toFixed(2)}\n`,
  );
  for (const side of sides) await side.close();
  if (differ > 0) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
