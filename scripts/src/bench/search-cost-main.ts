import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { SearchDocument, SearchRequest, SearchResponse } from '@agentry/platform/search/port';
import { optionValue } from '../cli/options';
import { readQueryFile } from '../eval/query-file';
import { syntheticAgents, useCaseQueries } from './synthetic-agents';
import { asSearchDocuments } from './synthetic-documents';

// `tsx scripts/src/bench/search-cost-main.ts [--against DIR]... [--agents N] [--queries N] [--judged] [--profile FILE] [--with a,b]`:
// what one distinct (uncached) search costs in the embedded engine itself, with no HTTP in the way:
// N synthetic agents (100,000 by default) loaded into this checkout's engine (and another
// checkout's, DIR, its node_modules installed), then the same distinct queries asked of each in
// turn, query by query, so that a busy machine slows both alike and the ratio holds. Prints each
// engine's median, p90 and p99 per query and the ratio. With --profile, a V8 CPU profile of this
// checkout's queries (only those) is written to FILE and its heaviest functions printed (issue 24).
// --with turns ranking components on in this checkout's engine only (query/features.ts: the cost
// of one measured and not kept, issue 27). --toggle a: a second engine of this checkout (its own
// index) that runs with `a` off while the first runs with it on, the switch set before each search:
// a component's cost on and off in one run, query by query.

interface Engine {
  label: string;
  search(request: SearchRequest): SearchResponse;
}

type IndexModule = {
  InvertedIndex: new () => {
    loadStream(documents: Iterable<SearchDocument>): Promise<void>;
    orders: { prepare(): Promise<void> };
  };
};

async function engineOf(root: string, label: string, documents: SearchDocument[]): Promise<Engine> {
  const base = path.join(root, 'platform/src/search/embedded');
  const { InvertedIndex } = (await import(path.join(base, 'inverted-index.ts'))) as IndexModule;
  const { executeSearch } = await import(path.join(base, 'execute.ts'));
  const { Scratch } = await import(path.join(base, 'scratch.ts'));
  const index = new InvertedIndex();
  await index.loadStream(documents);
  await index.orders.prepare();
  const scratch = new Scratch();
  return { label, search: (request) => executeSearch(index, scratch, request) };
}

/** An engine's search with one component switched on or off before each search. */
function switched(
  setFeatures: (features: Record<string, boolean>) => void,
  name: string,
  on: boolean,
  engine: Engine,
): Engine['search'] {
  return (request) => {
    setFeatures({ [name]: on });
    return engine.search(request);
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/**
 * Distinct queries as bench:search's latency phase asks them (use cases in the catalog's words);
 * with `judged`, the judged sets' queries too (words a synthetic catalog mostly lacks: typo
 * corrections and loose readings).
 */
function distinctQueries(count: number, withJudged: boolean): string[] {
  if (!withJudged) return useCaseQueries(count, 99);
  const judged: string[] = [];
  const dev = path.resolve('../shared/eval/dev-queries.txt');
  if (fs.existsSync(dev)) judged.push(...readQueryFile(dev).map((line) => line.query));
  for (const file of ['own-tune.tsv', 'own-report.tsv', 'own-fresh.tsv']) {
    const at = path.resolve('scripts/eval', file);
    if (fs.existsSync(at)) judged.push(...readQueryFile(at).map((line) => line.query));
  }
  return [...new Set([...useCaseQueries(count, 99), ...judged])];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Heavy {
  name: string;
  where: string;
  self: number;
  /** Time in the function or what it called (each sample counted once per function). */
  total: number;
}

/** Self time per function of a V8 profile, heaviest first. */
function heaviest(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): {
  total: number;
  rows: Heavy[];
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const rows = new Map<string, Heavy>();
  const rowOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = `${url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '')}:${lineNumber + 1}`;
    const key = `${functionName}@${where}`;
    let row = rows.get(key);
    if (!row) {
      row = { name: functionName || '(anonymous)', where, self: 0, total: 0 };
      rows.set(key, row);
    }
    return row;
  };
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    rowOf(byId.get(id)!).self += delta;
    const seen = new Set<Heavy>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const row = rowOf(byId.get(at)!);
      if (!seen.has(row)) row.total += delta;
      seen.add(row);
    }
  });
  return { total, rows: [...rows.values()] };
}

async function main() {
  const agents = Number(optionValue(process.argv, 'agents') ?? 100_000);
  // Every --against DIR, in the order given.
  const against = process.argv.flatMap((arg, i) => (arg === '--against' ? [process.argv[i + 1]!] : []));
  const profileFile = optionValue(process.argv, 'profile');
  const queries = distinctQueries(
    Number(optionValue(process.argv, 'queries') ?? 1200),
    process.argv.includes('--judged'),
  );
  const documents = asSearchDocuments([...syntheticAgents(agents)] as unknown as Array<
    Record<string, string>
  >);
  const turnedOn = (optionValue(process.argv, 'with') ?? '').split(',').filter(Boolean);
  const { setFeatures } = await import(path.join(process.cwd(), 'platform/src/search/query/features.ts'));
  setFeatures(Object.fromEntries(turnedOn.map((name) => [name, true])));
  const label = turnedOn.length > 0 ? `this checkout with ${turnedOn.join(', ')}` : 'this checkout';
  const engines = [await engineOf(process.cwd(), label, documents)];
  const toggled = optionValue(process.argv, 'toggle');
  if (toggled) {
    const off = await engineOf(process.cwd(), `this checkout with ${toggled} off`, documents);
    const on = engines[0]!;
    engines[0] = {
      label: `this checkout with ${toggled} on`,
      search: switched(setFeatures, toggled, true, on),
    };
    engines.push({ label: off.label, search: switched(setFeatures, toggled, false, off) });
  }
  for (const root of against) engines.push(await engineOf(path.resolve(root), path.resolve(root), documents));
  console.log(`${agents} agents loaded; ${queries.length} distinct queries`);

  // Warm-up: the JIT, the lexicon, per-index caches (a running API has long been warm), with other
  // queries than those timed, so that nothing kept per query (phrase meetings) is found warm for them.
  for (const query of useCaseQueries(200, 7)) for (const engine of engines) engine.search({ query });

  const times = engines.map(() => [] as number[]);
  for (const [q, query] of queries.entries()) {
    // Alternate which engine goes first, so neither is always the one that finds a cold cache.
    for (let k = 0; k < engines.length; k++) {
      const e = (q + k) % engines.length;
      const started = performance.now();
      engines[e]!.search({ query });
      times[e]!.push(performance.now() - started);
    }
  }
  for (const [e, engine] of engines.entries()) {
    const sorted = [...times[e]!].sort((a, b) => a - b);
    const sum = sorted.reduce((a, b) => a + b, 0);
    console.log(
      `${engine.label}: median ${percentile(sorted, 0.5).toFixed(2)} ms, p90 ${percentile(sorted, 0.9).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms, mean ${(sum / sorted.length).toFixed(2)} ms`,
    );
  }
  const mine = [...times[0]!].sort((x, y) => x - y);
  for (let e = 1; e < engines.length; e++) {
    const theirs = [...times[e]!].sort((x, y) => x - y);
    // Query by query too: the median of this checkout's time over the other's for the same query.
    const paired = times[0]!.map((t, q) => t / times[e]![q]!).sort((x, y) => x - y);
    console.log(
      `this / ${engines[e]!.label}: median ${(percentile(mine, 0.5) / percentile(theirs, 0.5)).toFixed(2)}, p99 ${(percentile(mine, 0.99) / percentile(theirs, 0.99)).toFixed(2)}, per query (median of ratios) ${percentile(paired, 0.5).toFixed(2)}`,
    );
  }
  if (profileFile) {
    // This checkout's queries alone, once more, under the profiler (after the timed run, so the
    // profiler's cost is in no figure above).
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    for (const query of queries) engines[0]!.search({ query });
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    fs.writeFileSync(profileFile, JSON.stringify(profile));
    const { total, rows } = heaviest(profile as unknown as Parameters<typeof heaviest>[0]);
    const top = Number(optionValue(process.argv, 'top') ?? 40);
    const share = (time: number) => `${((time / total) * 100).toFixed(1).padStart(5)} %`;
    console.log(`profile of this checkout's queries: ${(total / 1000).toFixed(0)} ms sampled; self time:`);
    for (const row of [...rows].sort((a, b) => b.self - a.self).slice(0, top))
      console.log(`  ${share(row.self)}  ${row.name}  ${row.where}`);
    console.log("time in the function and what it called (this checkout's code):");
    for (const row of rows
      .filter((row) => row.where.startsWith('platform/'))
      .sort((a, b) => b.total - a.total)
      .slice(0, top))
      console.log(`  ${share(row.total)}  ${row.name}  ${row.where}`);
  }
}

void main();
