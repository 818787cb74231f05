import fs from 'node:fs';
import path from 'node:path';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import { type Feature, setFeatures } from '@agentry/platform/search/query/features';
import { optionValue } from '../../cli/options';
import { readQueryFile } from '../query-file';
import { evaluate, type Qrels, type Run } from '../score';
import { catalogIndex } from './ranker-data';
import { trainingSets } from './training-sets';

// `tsx scripts/src/eval/ranker/quick-main.ts [--with a,b] [--without c] [--sets dev,tune,train] [--per-query]`:
// the development sets scored in-process (no server), in about a second, for trying ranking changes.
// The figures to report come from eval:ablation, through the real API.

const root = path.resolve(__dirname, '../../../..');

const argv = process.argv.slice(2);
const option = (name: string) => optionValue(argv, name);
const list = (name: string) => (option(name) ?? '').split(',').filter(Boolean);
setFeatures({
  ...Object.fromEntries(list('without').map((name) => [name as Feature, false])),
  ...Object.fromEntries(list('with').map((name) => [name as Feature, true])),
});
const catalog = catalogIndex(path.resolve(root, '../shared/data/agents.json'));
const cells: string[] = [];
for (const set of trainingSets(root, option('sets')?.split(','))) {
  const { label } = set;
  const queries = readQueryFile(path.resolve(root, set.queries)).map((line) => line.query);
  const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
  const run: Run = {};
  for (const query of queries) {
    const response = executeSearch(catalog.index, catalog.scratch, { query, hitsPerPage: 10 });
    run[query] = response.hits.map((hit) => hit.document.name);
  }
  const { perQuery, summary } = evaluate(run, qrels);
  if (argv.includes('--per-query'))
    for (const q of perQuery) process.stdout.write(`${label}\t${(q.ndcg ?? 0).toFixed(3)}\t${q.query}\n`);
  cells.push(`${label} ${summary.ndcg?.toFixed(3)}`);
}
process.stdout.write(`${cells.join('  ')}\n`);
