import path from 'node:path';
import { intentPosteriors, weightedRolePosterior } from '@agentry/platform/search/embedded/catalog-intent';
import { groupFocuses } from '@agentry/platform/search/embedded/role-focus';
import { groupSpecificity } from '@agentry/platform/search/query/term-specificity';
import { foldOf } from './query-folds';
import { catalogIndex } from './ranker-data';
import { specificityRuns } from './specificity-runs';
import { trainingSets, trainOption } from './training-sets';

// `tsx scripts/src/eval/ranker/gate-signals-main.ts [--train dev,tune,train]`: per training query, the
// engine's nDCG@10 with termSpecificity off and on, and the signals a gate could read (set, fold,
// off, on, change, parts, catalogIntent's top role probability and its entropy, the top category's,
// the same role posterior with each typed word weighed by its English specificity: top, entropy and
// the first posterior's top role's share, then each part's English specificity and role focus).
// Training sets only: to look for a general signal that tells a common-English job word from filler.

const root = path.resolve(__dirname, '../../../..');
const TRAIN = trainingSets(root, trainOption(process.argv.slice(2)));
const catalog = catalogIndex(path.resolve(root, '../shared/data/agents.json'));
for (const { set, query, base, withSpecificity: ts, plan } of specificityRuns(root, catalog, TRAIN)) {
  const spec = plan.groups.map((g) => groupSpecificity(g));
  const focus = groupFocuses(catalog.index, plan);
  const { roles, categories } = intentPosteriors(catalog.index, plan);
  const weightOfStem = new Map<number, number>();
  plan.groups.forEach((group, g) => {
    for (const a of group.alternatives) {
      if (a.source !== 'literal' && a.source !== 'typo') continue;
      for (const st of a.stems) {
        const id = catalog.index.stemId(st);
        if (id >= 0) weightOfStem.set(id, Math.min(weightOfStem.get(id) ?? 1, spec[g]!));
      }
    }
  });
  const sharp =
    plan.groups.length >= 2
      ? weightedRolePosterior(catalog.index, plan, (id) => weightOfStem.get(id) ?? 1)
      : roles;
  const top = (p: Float64Array | null) => (p ? Math.max(...p) : 0);
  const ent = (p: Float64Array | null) => {
    if (!p) return 1;
    let e = 0;
    for (const x of p) if (x > 0) e -= x * Math.log(x);
    return e / Math.log(p.length);
  };
  process.stdout.write(
    `${[
      set,
      foldOf(query, 5),
      base.toFixed(3),
      ts!.toFixed(3),
      (ts! - base).toFixed(3),
      plan.groups.length,
      top(roles).toFixed(3),
      ent(roles).toFixed(3),
      top(categories).toFixed(3),
      top(sharp).toFixed(3),
      ent(sharp).toFixed(3),
      (roles && sharp ? sharp[roles.indexOf(Math.max(...roles))]! : 0).toFixed(3),
      spec.map((s) => s.toFixed(2)).join(','),
      focus.map((f) => (f === null ? '-' : f.toFixed(2))).join(','),
      query,
    ].join('\t')}\n`,
  );
}
