import fs from 'node:fs';
import path from 'node:path';
import { type Feature, setFeatures } from '@agentry/platform/search/query/features';
import { optionValue } from '../cli/options';
import { serveFreshCatalog } from './fresh-catalog';
import { type PoolAgent as Agent, pick, shuffled } from './pool-order';
import { readQueryFile } from './query-file';
import type { Qrels } from './score';

// `npx tsx scripts/src/eval/round-main.ts SET.tsv [...] --out POOL.json --judging FILE [--depth 10] [--variant a,b]...
//   [--shuffle SEED]` (a variant's "-name" turns a default-on switch off)
// A later judging round (scripts/eval/README.md): for each query of each set, the agents of the
// engine's top DEPTH, as it runs and with each --variant's ranking features on (query/features.ts),
// that the set's qrels (SET.json beside SET.tsv) do not grade yet. Only those go to the judge, each
// query's in a seeded random order, without system, rank or provider, so a variant's score on the
// set stops being a lower bound once they are graded. A variant that turns on a feature read when
// the index is built (fittedFields, docExpansion) gets a catalog indexed with it: eval:pool's
// --variant sets features after its catalog is indexed, so it pools those two as the default index.

async function main(argv: string[]): Promise<number> {
  const option = (name: string) => optionValue(argv, name);
  const positional = argv.filter((arg, i) => !arg.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  const out = option('out');
  const judging = option('judging');
  if (positional.length === 0 || !out || !judging) {
    process.stderr.write(
      'Usage: npx tsx scripts/src/eval/round-main.ts SET.tsv [...] --out POOL.json --judging FILE [--depth 10] [--variant a,b]... [--shuffle SEED]\n',
    );
    return 2;
  }
  const from = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const depth = Number(option('depth') ?? 10);
  const seed = option('shuffle') ?? 'round';
  const variants: Feature[][] = [
    [],
    ...argv.flatMap((arg, i) =>
      argv[i - 1] === '--variant' ? [arg.split(',').filter(Boolean) as Feature[]] : [],
    ),
  ];
  const agentsFile = from(option('agents') ?? '../shared/data/agents.json');
  const agents = JSON.parse(fs.readFileSync(agentsFile, 'utf8')) as Agent[];
  const byKey = new Map(agents.map((agent, index) => [`${agent.name}\u0000${agent.provider}`, index]));
  const sets = positional.map((file) => {
    const qrels = JSON.parse(fs.readFileSync(from(file.replace(/\.tsv$/, '.json')), 'utf8')) as Qrels;
    const graded = new Map(qrels.queries.map((q) => [q.query, new Set(q.judgments.map((j) => j.index))]));
    return { file, queries: readQueryFile(from(file)), graded };
  });
  // One client sends every query of every variant: the per-client read limit would stop it.
  process.env.RATE_LIMIT_READS_PER_MINUTE = '100000000';
  const found = new Map<string, Set<number>>();
  const counts: string[] = [];
  for (const features of variants) {
    // "-name" turns a switch that is on by default off (the ablation's "without" rows).
    setFeatures(
      Object.fromEntries(
        features.map((name) => (name.startsWith('-') ? [name.slice(1), false] : [name, true])),
      ),
    );
    // The catalog is indexed after the features are set, so an index feature is in its postings.
    const catalog = await serveFreshCatalog(agentsFile);
    let added = 0;
    try {
      for (const set of sets) {
        for (const { query } of set.queries) {
          const graded = set.graded.get(query);
          if (!graded) throw new Error(`${set.file}: "${query}" has no qrels entry`);
          const url = `${catalog.server.url}/api/search?${new URLSearchParams({ query, limit: String(depth) })}`;
          const response = await fetch(url);
          if (!response.ok) throw new Error(`GET /api/search answered ${response.status} for "${query}"`);
          const top = ((await response.json()) as Agent[])
            .map((agent) => byKey.get(`${agent.name}\u0000${agent.provider}`) ?? -1)
            .filter((index) => index >= 0)
            .slice(0, depth);
          const ungraded = found.get(query) ?? new Set<number>();
          for (const index of top) {
            if (graded.has(index) || ungraded.has(index)) continue;
            ungraded.add(index);
            added += 1;
          }
          found.set(query, ungraded);
        }
      }
    } finally {
      await catalog.stop();
      setFeatures({});
    }
    counts.push(`${features.join('+') || 'as it runs'}: ${added} new`);
  }
  const pool = [...found]
    .filter(([, indexes]) => indexes.size > 0)
    .map(([query, indexes]) => ({
      query,
      candidates: shuffled(
        [...indexes].sort((a, b) => a - b).map((index) => ({ index, ...pick(agents[index]!) })),
        `${seed}\u0000${query}`,
      ),
    }));
  fs.writeFileSync(from(out), `${JSON.stringify(pool, null, 1)}\n`);
  const copy = pool.map(({ query, candidates }) => ({
    query,
    candidates: candidates.map(({ provider: _provider, ...rest }) => rest),
  }));
  fs.writeFileSync(from(judging), `${JSON.stringify(copy, null, 1)}\n`);
  const total = pool.reduce((sum, entry) => sum + entry.candidates.length, 0);
  process.stderr.write(`${total} ungraded agents over ${pool.length} queries (${counts.join('; ')})\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`Round pooling failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
