import fs from 'node:fs';
import path from 'node:path';
import { serveFreshCatalog } from './fresh-catalog';
import { readQueryFile } from './query-file';
import type { Qrels } from './score';

// `npx tsx scripts/src/eval/claims-main.ts [--agents FILE]`: is the match count honest on real
// queries, not only on the made-up ones (eval:sets)? For each judged set, through the real
// GET /api/search on a fresh catalog: how many queries whose judged agents are all 0 (the catalog
// has nothing for them) still claim a match (X-Match-Count above 0), and how many with a relevant
// agent claim none. Prints counts only: no query, no ranking, so a held-out set stays unread.

const SETS = [
  ['tune half', 'own-tune'],
  ['reported half', 'own-report'],
  ['fresh set 1', 'own-fresh'],
  ['fresh set 2', 'own-fresh2'],
  ['fresh set 3', 'own-fresh3'],
  ['fresh set 4', 'own-fresh4'],
] as const;

async function main(argv: string[]): Promise<number> {
  const root = path.resolve(__dirname, '../../..');
  const at = argv.indexOf('--agents');
  const agentsFile = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    at >= 0 ? argv[at + 1]! : path.join(root, '../shared/data/agents.json'),
  );
  process.env.RATE_LIMIT_READS_PER_MINUTE = '100000000';
  const catalog = await serveFreshCatalog(agentsFile);
  try {
    const rows: string[] = [];
    for (const [label, file] of SETS) {
      const qrels = JSON.parse(
        fs.readFileSync(path.join(root, `scripts/eval/${file}.json`), 'utf8'),
      ) as Qrels;
      const relevant = new Set(
        qrels.queries.filter((q) => q.judgments.some((j) => j.grade > 0)).map((q) => q.query),
      );
      let without = 0;
      let withoutClaiming = 0;
      let withRelevant = 0;
      let withClaimingNone = 0;
      for (const { query } of readQueryFile(path.join(root, `scripts/eval/${file}.tsv`))) {
        const response = await fetch(
          `${catalog.server.url}/api/search?${new URLSearchParams({ query, limit: '10' })}`,
        );
        if (!response.ok)
          throw new Error(`GET /api/search answered ${response.status} for a query of ${label}`);
        await response.arrayBuffer();
        const claims = Number(response.headers.get('x-match-count') ?? 0) > 0;
        if (relevant.has(query)) {
          withRelevant += 1;
          if (!claims) withClaimingNone += 1;
        } else {
          without += 1;
          if (claims) withoutClaiming += 1;
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
      ].join('\n'),
    );
    return 0;
  } finally {
    await catalog.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`claims failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
