import fs from 'node:fs';
import path from 'node:path';
import { type Feature, setFeatures } from '@agentry/platform/search/query/features';
import { runMain } from '../cli/run-main';
import { serveFreshCatalog } from './fresh-catalog';
import { readQueryFile } from './query-file';
import { evaluate, type Qrels } from './score';

// `npm run eval:sets [-- --agents FILE] [--per-query] [--with a,b] [--without c]`: every judged set and the nonsense set through
// the real GET /api/search on one fresh catalog, as a visitor sees them:
// - nDCG@10 of each set, and how many of its queries that have a relevant agent answer nothing;
// - the nonsense queries (scripts/eval/nonsense.tsv): how many claim a match. A search claims a
//   match when X-Match-Count is above 0; an engine without the match floor (no such header)
//   claims one whenever it answers any agent, as its count then said "N agents match".
// It needs nothing newer than the API, so the same file run in a checkout of an older commit
// measures that commit ("before" in BENCHMARKS.md).

const SETS = [
  { label: 'dev', queries: '../shared/eval/dev-queries.txt', qrels: '../shared/eval/dev-qrels.json' },
  { label: 'tune half', queries: 'scripts/eval/own-tune.tsv', qrels: 'scripts/eval/own-tune.json' },
  { label: 'reported half', queries: 'scripts/eval/own-report.tsv', qrels: 'scripts/eval/own-report.json' },
  { label: 'fresh set 1', queries: 'scripts/eval/own-fresh.tsv', qrels: 'scripts/eval/own-fresh.json' },
  { label: 'fresh set 2', queries: 'scripts/eval/own-fresh2.tsv', qrels: 'scripts/eval/own-fresh2.json' },
  { label: 'fresh set 3', queries: 'scripts/eval/own-fresh3.tsv', qrels: 'scripts/eval/own-fresh3.json' },
  { label: 'fresh set 4', queries: 'scripts/eval/own-fresh4.tsv', qrels: 'scripts/eval/own-fresh4.json' },
  { label: 'fresh set 5', queries: 'scripts/eval/own-fresh5.tsv', qrels: 'scripts/eval/own-fresh5.json' },
] as const;
const NONSENSE = 'scripts/eval/nonsense.tsv';

async function main(argv: string[]): Promise<number> {
  const root = path.resolve(__dirname, '../../..');
  const from = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const at = argv.indexOf('--agents');
  const agentsFile = from(at >= 0 ? argv[at + 1]! : path.join(root, '../shared/data/agents.json'));
  const perQuery = argv.includes('--per-query');
  // Ranking components turned on or off (query/features.ts), as eval:relevance does.
  const list = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1]!.split(',').filter(Boolean) : [];
  };
  setFeatures({
    ...Object.fromEntries(list('without').map((name) => [name as Feature, false])),
    ...Object.fromEntries(list('with').map((name) => [name as Feature, true])),
  });
  // One client sends every query: the per-client read limit would otherwise stop it.
  process.env.RATE_LIMIT_READS_PER_MINUTE = '100000000';
  const catalog = await serveFreshCatalog(agentsFile);
  try {
    const ask = async (query: string) => {
      const response = await fetch(
        `${catalog.server.url}/api/search?${new URLSearchParams({ query, limit: '10' })}`,
      );
      if (!response.ok) throw new Error(`GET /api/search answered ${response.status} for "${query}"`);
      const names = ((await response.json()) as Array<{ name: string }>).map((agent) => agent.name);
      const header = response.headers.get('x-match-count');
      return { names, claims: header === null ? names.length > 0 : Number(header) > 0, header };
    };
    const rows: string[] = [];
    for (const set of SETS) {
      const queries = readQueryFile(path.resolve(root, set.queries)).map((line) => line.query);
      const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
      const run: Record<string, string[]> = {};
      for (const query of queries) run[query] = (await ask(query)).names;
      const { perQuery: scores, summary } = evaluate(run, qrels);
      const relevant = scores.filter((row) => row.ndcg !== null);
      const empty = relevant.filter((row) => row.n_returned === 0);
      rows.push(
        `| ${set.label} | ${queries.length} | ${summary.ndcg?.toFixed(3)} | ${empty.length} of ${relevant.length}${empty.length ? ` (${empty.map((row) => `"${row.query}"`).join(', ')})` : ''} |`,
      );
      if (perQuery)
        for (const row of scores)
          process.stderr.write(`${set.label}\t${row.ndcg?.toFixed(3) ?? '-'}\t${row.query}\n`);
    }
    const nonsense = readQueryFile(path.resolve(root, NONSENSE)).map((line) => line.query);
    const claiming: string[] = [];
    for (const query of nonsense) {
      const answer = await ask(query);
      if (answer.claims) claiming.push(`"${query}" (${answer.header ?? `${answer.names.length}+ agents`})`);
    }
    process.stdout.write(
      [
        '| Set | Queries | nDCG@10 | Answer nothing, of those with a relevant agent |',
        '| --- | --- | --- | --- |',
        ...rows,
        '',
        `Nonsense queries claiming a match: ${claiming.length} of ${nonsense.length}${claiming.length ? `: ${claiming.join(', ')}` : ''}`,
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    await catalog.stop();
  }
}

runMain('eval:sets', () => main(process.argv.slice(2)));
