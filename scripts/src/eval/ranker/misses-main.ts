import fs from 'node:fs';
import path from 'node:path';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import { setFeatures } from '@agentry/platform/search/query/features';
import { optionValue, switchesOption } from '../../cli/options';
import { readQueryFile } from '../query-file';
import { evaluate, type Qrels } from '../score';
import { catalogIndex } from './ranker-data';
import { trainingSets, trainOption } from './training-sets';

// `tsx scripts/src/eval/ranker/misses-main.ts [--below 0.7] [--with a,b] [--without c,d] [--train dev,tune,train]`: failure analysis on the
// development sets only (dev and the tune half; the reported half and the fresh sets are held out and
// never read here). For each query scoring at most --below, in-process on the catalog: its top 10 with
// their grades ("-" unjudged) and every grade-2 agent outside it with its rank in the first 100.
// What the visitorContext switch came from (BENCHMARKS.md, "The visitor's own context").

const root = path.resolve(__dirname, '../../../..');

const argv = process.argv.slice(2);
const option = (name: string) => optionValue(argv, name);
const below = Number(option('below') ?? 0.7);
const DEVELOPMENT = trainingSets(root, trainOption(argv));
setFeatures(switchesOption(argv));
const catalog = catalogIndex(path.resolve(root, '../shared/data/agents.json'));
const line = (agent: { name: string; role: string; category: string; description: string }) =>
  `${agent.name} | ${agent.role} | ${agent.category} | ${agent.description.slice(0, 100)}`;

for (const set of DEVELOPMENT) {
  const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
  for (const { query } of readQueryFile(path.resolve(root, set.queries))) {
    const judged = qrels.queries.find((q) => q.query === query);
    if (!judged) continue;
    const hits = executeSearch(catalog.index, catalog.scratch, { query, hitsPerPage: 100 }).hits;
    const ids = hits.map((hit) => Number(hit.document.id));
    const ndcg = evaluate(
      { [query]: hits.slice(0, 10).map((hit) => hit.document.name) },
      { queries: [judged] },
    ).summary.ndcg;
    if (ndcg === null || ndcg > below) continue;
    const grades = new Map(judged.judgments.map((j) => [j.index, j.grade]));
    process.stdout.write(`\n${set.label} ${ndcg.toFixed(3)} "${query}"\n`);
    hits.slice(0, 10).forEach((hit, i) => {
      const document = hit.document as unknown as Parameters<typeof line>[0];
      process.stdout.write(`  ${i + 1}. [${grades.get(ids[i]) ?? '-'}] ${line(document)}\n`);
    });
    for (const judgment of judged.judgments) {
      const rank = ids.indexOf(judgment.index ?? -1);
      if (judgment.grade !== 2 || (rank >= 0 && rank < 10)) continue;
      const agent = catalog.agents[judgment.index ?? -1];
      const where = rank < 0 ? 'beyond 100' : `at ${rank + 1}`;
      process.stdout.write(`  missed (2) ${where}: ${agent ? line(agent) : judgment.name}\n`);
    }
  }
}
