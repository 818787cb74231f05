import fs from 'node:fs';
import path from 'node:path';
import { setFeatures } from '@agentry/platform/search/query/features';
import { switchesOption } from '../cli/options';
import { runMain } from '../cli/run-main';
import { serveFreshCatalog } from './fresh-catalog';
import { readQueryFile } from './query-file';
import { trainingSets, trainOption } from './ranker/training-sets';
import type { Qrels } from './score';

// `npx tsx scripts/src/eval/claims-main.ts [--agents FILE]`: is the match count honest on real
// queries, not only on the made-up ones (eval:sets)? For each judged set, through the real
// GET /api/search on a fresh catalog: how many queries whose judged agents are all 0 (the catalog
// has nothing for them) still claim a match (X-Match-Count above 0), and how many with a relevant
// agent claim none. Prints counts only: no query, no ranking, so a held-out set stays unread.
// `--train all` (or dev,tune,train,…: ranker/training-sets.ts) counts over the training sets
// instead, to tune the floor on; with `--list` it also names those sets' miscounted queries (never
// a held-out set's). `--with a,b` / `--without c` turn ranking switches (query/features.ts) on or off
// in the served engine, as eval:sets does: how a floor candidate (meaningFloor) is read.

// By default: the tune half and the held-out sets (counts only).
const JUDGED_SETS: ReadonlyArray<readonly [string, string, string]> = (
  [
    ['tune half', 'own-tune'],
    ['reported half', 'own-report'],
    ['fresh set 1', 'own-fresh'],
    ['fresh set 2', 'own-fresh2'],
    ['fresh set 3', 'own-fresh3'],
    ['fresh set 4', 'own-fresh4'],
    ['fresh set 5', 'own-fresh5'],
  ] as const
).map(([label, file]) => [label, `scripts/eval/${file}.tsv`, `scripts/eval/${file}.json`] as const);

async function main(argv: string[]): Promise<number> {
  const root = path.resolve(__dirname, '../../..');
  const at = argv.indexOf('--agents');
  const agentsFile = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    at >= 0 ? argv[at + 1]! : path.join(root, '../shared/data/agents.json'),
  );
  const training = argv.includes('--train');
  const list = training && argv.includes('--list');
  const sets = training
    ? trainingSets(root, trainOption(argv)).map((set) => [set.label, set.queries, set.qrels] as const)
    : JUDGED_SETS;
  setFeatures(switchesOption(argv));
  process.env.RATE_LIMIT_READS_PER_MINUTE = '100000000';
  const catalog = await serveFreshCatalog(agentsFile);
  try {
    const rows: string[] = [];
    const named: string[] = [];
    for (const [label, queries, judged] of sets) {
      const qrels = JSON.parse(fs.readFileSync(path.resolve(root, judged), 'utf8')) as Qrels;
      const relevant = new Set(
        qrels.queries.filter((q) => q.judgments.some((j) => j.grade > 0)).map((q) => q.query),
      );
      let without = 0;
      let withoutClaiming = 0;
      let withRelevant = 0;
      let withClaimingNone = 0;
      for (const { query } of readQueryFile(path.resolve(root, queries))) {
        const response = await fetch(
          `${catalog.server.url}/api/search?${new URLSearchParams({ query, limit: '10' })}`,
        );
        if (!response.ok)
          throw new Error(`GET /api/search answered ${response.status} for a query of ${label}`);
        await response.arrayBuffer();
        const count = Number(response.headers.get('x-match-count') ?? 0);
        const claims = count > 0;
        if (relevant.has(query)) {
          withRelevant += 1;
          if (!claims) withClaimingNone += 1;
          if (list && !claims) named.push(`${label}\trelevant agent, no match claimed\t${query}`);
        } else {
          without += 1;
          if (claims) withoutClaiming += 1;
          if (list && claims) named.push(`${label}\tnothing relevant, ${count} claimed\t${query}`);
        }
      }
      rows.push(`| ${label} | ${withoutClaiming} of ${without} | ${withClaimingNone} of ${withRelevant} |`);
    }
    process.stdout.write(
      [
        '| Set | No relevant agent, yet a match claimed | A relevant agent, yet no match claimed |',
        '| --- | --- | --- |',
        ...rows,
        '',
        ...named,
        ...(named.length ? [''] : []),
      ].join('\n'),
    );
    return 0;
  } finally {
    await catalog.stop();
  }
}

runMain('claims', () => main(process.argv.slice(2)));
