import { decide, parsePerQuery, type QueryScore } from './decide';

// Two runs of `eval:sets -- --per-query`: the engine, and the engine plus a change per query.
const run = (changes: Record<string, number[]>, base = 0.5): [QueryScore[], QueryScore[]] => {
  const engine: QueryScore[] = [];
  const variant: QueryScore[] = [];
  for (const [set, deltas] of Object.entries(changes))
    deltas.forEach((delta, i) => {
      engine.push({ set, query: `q${i}`, ndcg: base });
      variant.push({ set, query: `q${i}`, ndcg: base + delta });
    });
  return [engine, variant];
};
const many = (n: number, value: number) => Array.from({ length: n }, () => value);

describe('the keep rule (scripts/eval/README.md)', () => {
  it('keeps a change that gains on the pooled held-out queries beyond 2 SE with no set under the floor', () => {
    const gains = [...many(30, 0), ...many(10, 0.05)];
    const decision = decide(...run({ 'reported half': gains, 'fresh set 1': gains, 'fresh set 4': gains }));
    expect(decision.pooled.mean).toBeCloseTo(0.0125);
    expect(decision.pooled.t).toBeGreaterThan(2);
    expect(decision).toMatchObject({ keep: true, failed: [] });
  });

  it('does not keep a pooled gain bought with a loss beyond the floor on one set', () => {
    const decision = decide(
      ...run({
        'reported half': [...many(10, -0.12), ...many(30, 0)],
        'fresh set 1': many(40, 0.03),
        'fresh set 2': many(40, 0.03),
        'fresh set 3': many(40, 0.03),
      }),
    );
    expect(decision.pooled.t).toBeGreaterThan(2);
    expect(decision.keep).toBe(false);
    expect(decision.failed).toEqual(['reported half -0.0300, below the floor -0.015']);
  });

  it('does not keep a pooled gain that a few queries make (under 2 standard errors)', () => {
    const decision = decide(...run({ 'fresh set 3': [0.6, -0.3, 0.2, ...many(37, 0)] }));
    expect(decision.pooled.mean).toBeGreaterThan(0.003);
    expect(decision.keep).toBe(false);
    expect(decision.failed).toEqual([expect.stringMatching(/standard errors above 0, below 2/)]);
  });

  it('does not keep a consistent gain below +0.003', () => {
    const decision = decide(...run({ 'fresh set 2': many(50, 0.002) }));
    expect(decision.failed).toEqual(['pooled gain 0.0020 below 0.003']);
  });

  it('leaves dev, the tune half and queries without a relevant agent out of the pool', () => {
    const [engine, variant] = run({
      dev: many(25, -0.5),
      'tune half': many(44, -0.5),
      'fresh set 4': many(20, 0.01),
    });
    engine.push({ set: 'fresh set 4', query: 'no relevant agent', ndcg: null });
    variant.push({ set: 'fresh set 4', query: 'no relevant agent', ndcg: null });
    const decision = decide(engine, variant);
    expect(decision.sets.map((set) => [set.set, set.n])).toEqual([['fresh set 4', 20]]);
    expect(decision.keep).toBe(true);
  });

  it('refuses runs of different sets or qrels rather than pairing them wrongly', () => {
    const [engine, variant] = run({ 'fresh set 1': many(5, 0.01) });
    expect(() => decide(engine, variant.slice(1))).toThrow(/not the same sets/);
    variant[0] = { ...variant[0]!, ndcg: null };
    expect(() => decide(engine, variant)).toThrow(/scored in one run only/);
  });
});

describe('parsePerQuery', () => {
  it("reads eval:sets' per-query lines and skips npm's own", () => {
    const text =
      '\n> tsx scripts/src/eval/sets-main.ts --per-query\n\nfresh set 4\t0.431\tglean\nfresh set 4\t-\tteach me to play guitar\n';
    expect(parsePerQuery(text)).toEqual([
      { set: 'fresh set 4', query: 'glean', ndcg: 0.431 },
      { set: 'fresh set 4', query: 'teach me to play guitar', ndcg: null },
    ]);
  });
});
