// The keep rule of scripts/eval/README.md ("Which sets decide a keep"), written before fresh set 4
// existed: a ranking change is kept only if, over the held-out sets pooled query by query, its
// mean nDCG@10 gain is at least MIN_GAIN and at least MIN_T standard errors above zero, and no
// held-out set loses more than FLOOR. Dev, the tune half and the training sets never decide.

export const KEEP_RULE = { minGain: 0.003, minT: 2, floor: -0.015 } as const;

/** The held-out sets, by the labels eval:sets prints: the reported half and every fresh set. */
export const isHeldOut = (label: string) => /^(reported half|fresh set( \d+)?)$/.test(label);

export interface QueryScore {
  set: string;
  query: string;
  ndcg: number | null;
}

/** Lines `SET<TAB>nDCG<TAB>query` as `eval:sets -- --per-query` writes them to stderr ("-": no relevant agent). */
export function parsePerQuery(text: string): QueryScore[] {
  const rows: QueryScore[] = [];
  for (const line of text.split('\n')) {
    const fields = line.split('\t');
    if (fields.length !== 3) continue; // npm's and tsx's own lines
    const [set, value, query] = fields as [string, string, string];
    if (value !== '-' && !Number.isFinite(Number(value))) continue;
    rows.push({ set, query, ndcg: value === '-' ? null : Number(value) });
  }
  return rows;
}

export interface Spread {
  n: number;
  mean: number;
  /** Standard error of the mean, from the sample standard deviation of the per-query changes. */
  se: number;
}

function spread(values: number[]): Spread {
  const n = values.length;
  const mean = n ? values.reduce((a, b) => a + b, 0) / n : 0;
  const variance = n > 1 ? values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1) : 0;
  return { n, mean, se: n ? Math.sqrt(variance / n) : 0 };
}

export interface Decision {
  sets: Array<{ set: string } & Spread>;
  pooled: Spread & { t: number };
  keep: boolean;
  /** Why not, one line per failed condition (empty when kept). */
  failed: string[];
}

/** Pairs the two runs query by query on the held-out sets and applies the keep rule. */
export function decide(engine: QueryScore[], variant: QueryScore[]): Decision {
  const key = (row: QueryScore) => `${row.set}\u0000${row.query}`;
  const theirs = new Map(variant.filter((row) => isHeldOut(row.set)).map((row) => [key(row), row]));
  const mine = engine.filter((row) => isHeldOut(row.set));
  if (mine.length === 0) throw new Error('no held-out set in the engine run (eval:sets -- --per-query)');
  if (mine.length !== theirs.size)
    throw new Error(`the runs hold ${mine.length} and ${theirs.size} held-out queries: not the same sets`);
  const bySet = new Map<string, number[]>();
  for (const row of mine) {
    const other = theirs.get(key(row));
    if (!other) throw new Error(`the variant run lacks "${row.query}" (${row.set})`);
    if ((row.ndcg === null) !== (other.ndcg === null))
      throw new Error(`"${row.query}" (${row.set}) is scored in one run only: not the same qrels`);
    if (row.ndcg === null || other.ndcg === null) continue; // no relevant agent: skipped, as score.ts does
    bySet.set(row.set, [...(bySet.get(row.set) ?? []), other.ndcg - row.ndcg]);
  }
  const sets = [...bySet].map(([set, changes]) => ({ set, ...spread(changes) }));
  const all = spread([...bySet.values()].flat());
  const t = all.se > 0 ? all.mean / all.se : all.mean > 0 ? Number.POSITIVE_INFINITY : 0;
  const failed: string[] = [];
  if (all.mean < KEEP_RULE.minGain)
    failed.push(`pooled gain ${all.mean.toFixed(4)} below ${KEEP_RULE.minGain}`);
  if (t < KEEP_RULE.minT)
    failed.push(`pooled gain ${t.toFixed(2)} standard errors above 0, below ${KEEP_RULE.minT}`);
  for (const set of sets)
    if (set.mean < KEEP_RULE.floor)
      failed.push(`${set.set} ${set.mean.toFixed(4)}, below the floor ${KEEP_RULE.floor}`);
  return { sets, pooled: { ...all, t }, keep: failed.length === 0, failed };
}
