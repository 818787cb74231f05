import fs from 'node:fs';
import path from 'node:path';
import { indexWords } from '@agentry/platform/search/analysis/index-words';
import { stem } from '@agentry/platform/search/analysis/stem';
import { STOPWORDS } from '@agentry/platform/search/analysis/stopwords';
import { explainSearch } from '@agentry/platform/search/embedded/ranker-input';
import { readQueryFile } from '../query-file';
import type { Qrels } from '../score';
import { foldOf, meanWhere } from './query-folds';
import { catalogIndex } from './ranker-data';
import { trainingSets, trainOption } from './training-sets';

// `tsx scripts/src/eval/ranker/lead-main.ts [--train dev,tune,train]`: whether a job said in an agent's
// first words orders the right roles better (the ordering misses of BENCHMARKS.md, session 13). The
// engine's window of each training query (explainSearch) is re-ordered by score × (1 + w × lead),
// lead being the rarity-weighted share of the query's groups whose typed stems are in the agent's
// name or its description's first k words; grid k × w, cross-validated by query on the window order
// (the learned ranker's "window order only" figure). Training sets only; no engine change.

const root = path.resolve(__dirname, '../../../..');
const TRAIN = trainingSets(root, trainOption(process.argv.slice(2)));
const catalog = catalogIndex(path.resolve(root, '../shared/data/agents.json'));
const leadStems = new Map<number, string[]>();
const KS = [4, 8, 12, 20];
const WS = [0, 0.05, 0.1, 0.2, 0.3, 0.5];
type Row = {
  query: string;
  grades: number[];
  cands: Array<{ score: number; grade: number; lead: number[]; id: number }>;
};
const rows: Row[] = [];
for (const set of TRAIN) {
  const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
  const judged = new Map(qrels.queries.map((q) => [q.query, q.judgments]));
  for (const { query } of readQueryFile(path.resolve(root, set.queries))) {
    const judgments = judged.get(query) ?? [];
    const gradeOf = new Map<number, number>();
    for (const j of judgments) if (j.index !== undefined) gradeOf.set(j.index, j.grade);
    const ex = explainSearch(catalog.index, catalog.scratch, query);
    const groups = ex.plan.groups.map((g) =>
      g.alternatives.filter((a) => a.source === 'literal' || a.source === 'typo').flatMap((a) => a.stems),
    );
    const imp = ex.context.importance;
    const total = imp.reduce((a, b) => a + b, 0) || 1;
    rows.push({
      query,
      grades: judgments.map((j) => j.grade),
      cands: ex.candidates.map((c) => {
        const id = Number(catalog.index.idOf(c.n));
        const agent = catalog.agents[id]!;
        let words = leadStems.get(id);
        if (!words) {
          words = indexWords(String(agent.description))
            .filter((w) => !STOPWORDS.has(w))
            .map((w) => stem(w));
          leadStems.set(id, words);
        }
        const nameStems = new Set(indexWords(String(agent.name)).map((w) => stem(w)));
        const lead = KS.map((k) => {
          const first = new Set(words!.slice(0, k));
          let sum = 0;
          groups.forEach((stems, g) => {
            if (stems.some((s) => first.has(s) || nameStems.has(s))) sum += imp[g]!;
          });
          return sum / total;
        });
        return { score: c.score, grade: gradeOf.get(id) ?? 0, lead, id };
      }),
    });
  }
}
const ndcg = (row: Row, k: number, w: number) => {
  const ideal = [...row.grades].sort((a, b) => b - a).slice(0, 10);
  const idcg = ideal.reduce((s, g, r) => s + g / Math.log2(r + 2), 0);
  if (idcg === 0) return null;
  const order = row.cands
    .map((c, i) => ({ c, i, s: c.score * (1 + w * c.lead[k]!) }))
    .sort((a, b) => b.s - a.s || a.i - b.i);
  return order.slice(0, 10).reduce((s, { c }, r) => s + c.grade / Math.log2(r + 2), 0) / idcg;
};
const grid: Array<{ label: string; scores: Array<number | null> }> = [];
for (let k = 0; k < KS.length; k++)
  for (const w of WS) grid.push({ label: `k ${KS[k]} w ${w}`, scores: rows.map((r) => ndcg(r, k, w)) });
const all = () => true;
for (const g of grid) process.stdout.write(`${g.label}: ${meanWhere(g.scores, all).toFixed(4)}\n`);
const held: number[] = [];
const base: number[] = [];
for (let fold = 0; fold < 5; fold++) {
  const train = (i: number) => foldOf(rows[i]!.query, 5) !== fold;
  const test = (i: number) => foldOf(rows[i]!.query, 5) === fold;
  const best = grid.reduce((a, b) => (meanWhere(b.scores, train) > meanWhere(a.scores, train) ? b : a));
  held.push(meanWhere(best.scores, test));
  base.push(meanWhere(grid[0]!.scores, test));
  process.stdout.write(`fold ${fold}: ${best.label}\n`);
}
const avg = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
process.stdout.write(`CV window order: lead ${avg(held).toFixed(4)} engine window ${avg(base).toFixed(4)}\n`);
