import path from 'node:path';
import { groupSpecificity } from '@agentry/platform/search/query/term-specificity';
import { catalogIndex } from './ranker-data';
import { specificityRuns } from './specificity-runs';
import { trainingSets, trainOption } from './training-sets';

// `tsx scripts/src/eval/ranker/phrase-signals-main.ts [--train all]`: per training query, its set, the
// change termSpecificity makes to its nDCG@10, the engine's nDCG@10, the query, and each part with its
// English specificity, its typed stems' document frequencies, and its best neighbour in the query as
// the catalog sees the pair (agents with the two side by side, agents with both, lift over chance):
// to see whether "a phrase the catalog uses as a unit" tells a job named by common words from filler
// (BENCHMARKS.md, session 14). Training sets only.
const root = path.resolve(__dirname, '../../../..');
const TRAIN = trainingSets(root, trainOption(process.argv.slice(2)));
const catalog = catalogIndex(path.resolve(root, '../shared/data/agents.json'));
const index = catalog.index;
const N = index.size;
const docsOf = (stem: string): Set<number> => {
  const p = index.postingsOf(stem);
  const out = new Set<number>();
  if (!p) return out;
  for (let i = 0; i < p.length; i++) {
    const e = p.entries[i]!;
    const d = e < 0 ? ~e : e;
    if (index.isAlive(d)) out.add(d);
  }
  return out;
};
function pair(a: string, b: string) {
  const A = docsOf(a);
  const B = docsOf(b);
  const ia = index.stemId(a);
  const ib = index.stemId(b);
  let both = 0;
  let adjacent = 0;
  for (const d of A) {
    if (!B.has(d)) continue;
    both += 1;
    const s = index.sequenceOf(d);
    for (let i = 0; i + 1 < s.length; i++)
      if ((s[i] === ia && s[i + 1] === ib) || (s[i] === ib && s[i + 1] === ia)) {
        adjacent += 1;
        break;
      }
  }
  const lift = A.size && B.size ? (both * N) / (A.size * B.size) : 0;
  return { a: A.size, b: B.size, both, adjacent, lift };
}
const typed = (g: { alternatives: Array<{ source: string; stems: string[] }> }) =>
  g.alternatives.filter((x) => x.source === 'literal' || x.source === 'typo').flatMap((x) => x.stems);
for (const { set, query, base, withSpecificity, plan } of specificityRuns(root, catalog, TRAIN)) {
  const ts = withSpecificity!;
  const parts = plan.groups.map((g, i) => {
    const stems = typed(g);
    let best = { adjacent: 0, lift: 0, both: 0, with: '' };
    for (const j of [i - 1, i + 1]) {
      const other = plan.groups[j];
      if (!other) continue;
      for (const a of stems)
        for (const b of typed(other)) {
          const p = pair(a, b);
          if (p.adjacent > best.adjacent || (p.adjacent === best.adjacent && p.lift > best.lift))
            best = { adjacent: p.adjacent, lift: p.lift, both: p.both, with: b };
        }
    }
    return `${g.words.join('_')}[${groupSpecificity(g).toFixed(2)} df${stems.map((x) => index.documentFrequency(x)).join('/')} adj${best.adjacent} both${best.both} lift${best.lift.toFixed(1)}]`;
  });
  process.stdout.write(
    `${set}\t${(ts - base).toFixed(3)}\t${base.toFixed(3)}\t${query}\t${parts.join(' ')}\n`,
  );
}
