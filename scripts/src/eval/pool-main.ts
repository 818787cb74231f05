import fs from 'node:fs';
import path from 'node:path';
import { type Feature, setFeatures } from '@agentry/platform/search/query/features';
import { optionValue } from '../cli/options';
import { runMain } from '../cli/run-main';
import { bm25Ranker } from './bm25';
import { serveFreshCatalog } from './fresh-catalog';
import { type PoolAgent as Agent, pick, shuffled } from './pool-order';
import { readQueryFile } from './query-file';

// `npm run eval:pool -- QUERIES.tsv [...] --out POOL.json [--depth 20] [--engine-depth N]
//   [--variant a,b]... [--shuffle SEED] [--judging FILE]`
// The pool our judged set was graded on: for each query the top DEPTH agents of three systems,
// merged and sorted by name so the judge cannot tell which system, or which rank, brought an
// agent in: plain BM25, the real GET /api/search, and BM25 of the query expanded with the first
// search result's role and description (pseudo-relevance feedback; it brings in the alternatives
// of a named or misspelt product, which neither of the others lists).
// --engine-depth pools the engine deeper than the others; each --variant adds the engine's top
// (engine depth) with those ranking features turned on (query/features.ts), so a variant to be
// measured is judged in full; --shuffle puts each query's candidates in a seeded random order
// instead of by name; --judging writes the judge's copy (query and candidates, no provider, no kind).

async function main(argv: string[]): Promise<number> {
  const option = (name: string) => optionValue(argv, name);
  const positional = argv.filter((arg, i) => !arg.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  const out = option('out');
  if (positional.length === 0 || !out) {
    process.stderr.write('Usage: npm run eval:pool -- QUERIES.tsv [...] --out POOL.json [--depth 20]\n');
    return 2;
  }
  const from = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const depth = Number(option('depth') ?? 20);
  const engineDepth = Number(option('engine-depth') ?? depth);
  const variants = argv.flatMap((arg, i) =>
    argv[i - 1] === '--variant' ? [arg.split(',').filter(Boolean)] : [],
  );
  const seed = option('shuffle');
  const judging = option('judging');
  const agentsFile = from(option('agents') ?? '../shared/data/agents.json');
  const agents = JSON.parse(fs.readFileSync(agentsFile, 'utf8')) as Agent[];
  const queries = positional.flatMap((file) => readQueryFile(from(file)));
  const byKey = new Map<string, number>();
  for (const [index, agent] of agents.entries()) byKey.set(`${agent.name}\u0000${agent.provider}`, index);
  const bm25 = bm25Ranker(agents);
  const catalog = await serveFreshCatalog(agentsFile);
  try {
    const pool = [];
    const engineTop = async (query: string, features: Feature[]) => {
      setFeatures(Object.fromEntries(features.map((name) => [name, true])));
      const response = await fetch(
        `${catalog.server.url}/api/search?${new URLSearchParams({ query, limit: String(Math.max(depth, engineDepth)) })}`,
      );
      if (!response.ok) throw new Error(`GET /api/search answered ${response.status} for "${query}"`);
      return ((await response.json()) as Agent[])
        .map((agent) => byKey.get(`${agent.name}\u0000${agent.provider}`) ?? -1)
        .filter((i) => i >= 0);
    };
    for (const { query, kind } of queries) {
      const found = await engineTop(query, []);
      const others = [];
      for (const features of variants)
        others.push(...(await engineTop(query, features as Feature[])).slice(0, engineDepth));
      setFeatures({});
      const first = found[0] === undefined ? undefined : agents[found[0]]!;
      const expanded = first ? bm25(`${query} ${first.role} ${first.description}`, depth) : [];
      const indexes = new Set([
        ...bm25(query, depth),
        ...found.slice(0, engineDepth),
        ...others,
        ...expanded,
      ]);
      const candidates = [...indexes]
        .map((index) => ({ index, ...pick(agents[index]!) }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.index - b.index);
      pool.push({
        query,
        kind,
        candidates: seed === undefined ? candidates : shuffled(candidates, `${seed}\u0000${query}`),
      });
    }
    fs.writeFileSync(from(out), `${JSON.stringify(pool, null, 1)}\n`);
    if (judging) {
      const copy = pool.map(({ query, candidates }) => ({
        query,
        candidates: candidates.map(({ index, name, category, role, description }) => ({
          index,
          name,
          category,
          role,
          description,
        })),
      }));
      fs.writeFileSync(from(judging), `${JSON.stringify(copy, null, 1)}\n`);
    }
    const sizes = pool.map((entry) => entry.candidates.length);
    process.stderr.write(
      `${pool.length} queries pooled into ${from(out)}: ${Math.min(...sizes)}–${Math.max(...sizes)} candidates each\n`,
    );
    return 0;
  } finally {
    await catalog.stop();
  }
}

runMain('Pooling', () => main(process.argv.slice(2)));
