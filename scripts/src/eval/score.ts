// An exact port of ../shared/eval/score.py: nDCG@k (gain = grade, discount 1/log2(rank+1), ideal
// from every judged grade), recall@k of grade-2 records, MRR of the first grade-2 record, and
// the zero-result rate. Names match case-insensitively with white space collapsed; a name
// shared by several judged records is credited to the highest-graded one not yet credited.

export interface Judgment {
  index?: number;
  name: string;
  grade: number;
}

export interface Qrels {
  queries: Array<{ query: string; judgments: Judgment[] }>;
}

export type Run = Record<string, string[]>;

export interface QueryScore {
  query: string;
  ndcg: number | null;
  recall: number | null;
  mrr: number | null;
  n_returned: number;
  n_grade2: number;
}

export interface Summary {
  queries: number;
  ndcg: number | null;
  recall: number | null;
  mrr: number | null;
  zeroResultRate: number;
  skippedNoRelevant: string[];
  noGrade2: string[];
}

const norm = (name: string) => name.trim().toLowerCase().split(/\s+/).filter(Boolean).join(' ');

export function scoreQuery(ranking: string[], judgments: Judgment[], k: number): Omit<QueryScore, 'query'> {
  const byName = new Map<string, number[]>();
  for (const j of judgments) byName.set(norm(j.name), [...(byName.get(norm(j.name)) ?? []), j.grade]);
  for (const grades of byName.values()) grades.sort((a, b) => b - a);
  const used = new Map<string, number>();
  const gains = ranking.map((name) => {
    const n = norm(name);
    const pool = byName.get(n) ?? [];
    const u = used.get(n) ?? 0;
    if (u < pool.length) {
      used.set(n, u + 1);
      return pool[u]!;
    }
    return 0;
  });
  const dcg = gains.slice(0, k).reduce((sum, g, r) => sum + g / Math.log2(r + 2), 0);
  const ideal = judgments
    .map((j) => j.grade)
    .sort((a, b) => b - a)
    .slice(0, k);
  const idcg = ideal.reduce((sum, g, r) => sum + g / Math.log2(r + 2), 0);
  const nRel2 = judgments.filter((j) => j.grade === 2).length;
  const hit2 = gains.slice(0, k).filter((g) => g === 2).length;
  const first2 = gains.indexOf(2);
  return {
    ndcg: idcg > 0 ? dcg / idcg : null,
    recall: nRel2 ? hit2 / nRel2 : null,
    mrr: nRel2 ? (first2 >= 0 ? 1 / (first2 + 1) : 0) : null,
    n_returned: ranking.length,
    n_grade2: nRel2,
  };
}

export function evaluate(run: Run, qrels: Qrels, k = 10): { perQuery: QueryScore[]; summary: Summary } {
  const alternative = new Map(Object.entries(run).map(([text, ranking]) => [norm(text), ranking]));
  const perQuery = qrels.queries.map(({ query, judgments }) => ({
    query,
    ...scoreQuery(run[query] ?? alternative.get(norm(query)) ?? [], judgments, k),
  }));
  const mean = (key: 'ndcg' | 'recall' | 'mrr') => {
    const values = perQuery.map((row) => row[key]).filter((v): v is number => v !== null);
    return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  return {
    perQuery,
    summary: {
      queries: perQuery.length,
      ndcg: mean('ndcg'),
      recall: mean('recall'),
      mrr: mean('mrr'),
      zeroResultRate: perQuery.filter((row) => row.n_returned === 0).length / perQuery.length,
      skippedNoRelevant: perQuery.filter((row) => row.ndcg === null).map((row) => row.query),
      noGrade2: perQuery.filter((row) => row.ndcg !== null && row.recall === null).map((row) => row.query),
    },
  };
}

const f = (value: number | null) => (value === null ? '  -  ' : value.toFixed(3));

/** The same report score.py prints. */
export function formatReport(perQuery: QueryScore[], summary: Summary, k = 10): string {
  const lines = [
    `${`nDCG@${k}`.padStart(8)} ${`R@${k}`.padStart(6)} ${'RR'.padStart(6)} ${'ret'.padStart(4)}  query`,
  ];
  for (const r of perQuery) {
    lines.push(
      `${f(r.ndcg).padStart(8)} ${f(r.recall).padStart(6)} ${f(r.mrr).padStart(6)} ${String(r.n_returned).padStart(4)}  ${r.query}`,
    );
  }
  lines.push('-'.repeat(60));
  lines.push(
    `queries=${summary.queries}  nDCG@${k}=${f(summary.ndcg)}  recall@${k}=${f(summary.recall)}  MRR=${f(summary.mrr)}  zero-result rate=${summary.zeroResultRate.toFixed(3)}`,
  );
  lines.push(
    `skipped (no grade>=1): ${summary.skippedNoRelevant.length} ${JSON.stringify(summary.skippedNoRelevant)}`,
  );
  lines.push(`no grade-2 (nDCG only): ${summary.noGrade2.length} ${JSON.stringify(summary.noGrade2)}`);
  return lines.join('\n');
}

/**
 * Agents of a run's top k that nobody judged, over the queries that have judgments (scored as not
 * relevant: a score with any is a lower bound), and how many queries hold them.
 */
export function unjudged(run: Run, qrels: Qrels, k = 10): { agents: number; queries: number } {
  const alternative = new Map(Object.entries(run).map(([text, ranking]) => [norm(text), ranking]));
  let agents = 0;
  let queries = 0;
  for (const { query, judgments } of qrels.queries) {
    if (!judgments.some((j) => j.grade > 0)) continue;
    const judged = new Set(judgments.map((j) => norm(j.name)));
    const ranking = (run[query] ?? alternative.get(norm(query)) ?? []).slice(0, k);
    const missing = ranking.filter((name) => !judged.has(norm(name))).length;
    agents += missing;
    if (missing > 0) queries += 1;
  }
  return { agents, queries };
}
