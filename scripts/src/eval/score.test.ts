import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { evaluate, type Qrels, scoreQuery, unjudged } from './score';

const judgments = [
  { name: 'A', grade: 2 },
  { name: 'B', grade: 1 },
  { name: 'Spell', grade: 2 },
  { name: 'Spell', grade: 1 },
];

describe('scoreQuery (port of score.py)', () => {
  it('scores a perfect ranking 1', () => {
    expect(scoreQuery(['A', 'Spell', 'Spell', 'B'], judgments, 10)).toMatchObject({
      ndcg: 1,
      recall: 1,
      mrr: 1,
    });
  });

  it('discounts by log2(rank + 1) and credits a shared name once per judged record', () => {
    const score = scoreQuery(['x', 'spell', ' SPELL ', 'spell'], judgments, 10);
    const dcg = 2 / Math.log2(3) + 1 / Math.log2(4);
    const idcg = 2 + 2 / Math.log2(3) + 1 / Math.log2(4) + 1 / Math.log2(5);
    expect(score.ndcg).toBeCloseTo(dcg / idcg, 10);
    expect(score.recall).toBe(0.5);
    expect(score.mrr).toBe(0.5);
  });

  it('gives no nDCG without relevant judgments and no recall without grade-2 ones', () => {
    expect(scoreQuery(['A'], [{ name: 'A', grade: 0 }], 10)).toMatchObject({
      ndcg: null,
      recall: null,
      mrr: null,
    });
    expect(scoreQuery(['A'], [{ name: 'A', grade: 1 }], 10)).toMatchObject({ ndcg: 1, recall: null });
  });
});

describe('evaluate', () => {
  const qrels: Qrels = {
    queries: [
      { query: 'one', judgments },
      { query: 'Two  Words', judgments: [{ name: 'B', grade: 1 }] },
    ],
  };

  it('matches queries case- and space-insensitively and counts empty rankings', () => {
    const { summary } = evaluate({ one: [], 'two words': ['B'] }, qrels);
    expect(summary.zeroResultRate).toBe(0.5);
    expect(summary.noGrade2).toEqual(['Two  Words']);
    expect(summary.ndcg).toBe(0.5);
  });

  const python = (() => {
    try {
      execFileSync('python3', ['--version']);
      return fs.existsSync(path.resolve(__dirname, '../../../../shared/eval/score.py'));
    } catch {
      return false;
    }
  })();

  (python ? it : it.skip)('agrees with score.py on the same run', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'score-'));
    const run = { one: ['x', 'Spell', 'A', 'B', 'spell'], 'two words': ['B', 'C'] };
    fs.writeFileSync(path.join(dir, 'run.json'), JSON.stringify(run));
    fs.writeFileSync(path.join(dir, 'qrels.json'), JSON.stringify(qrels));
    execFileSync('python3', [
      path.resolve(__dirname, '../../../../shared/eval/score.py'),
      path.join(dir, 'run.json'),
      path.join(dir, 'qrels.json'),
      '--json',
      path.join(dir, 'out.json'),
    ]);
    const expected = JSON.parse(fs.readFileSync(path.join(dir, 'out.json'), 'utf8'));
    const { summary } = evaluate(run, qrels);
    expect(summary.ndcg).toBeCloseTo(expected.summary['ndcg@10'], 12);
    expect(summary.recall).toBeCloseTo(expected.summary['recall@10'], 12);
    expect(summary.mrr).toBeCloseTo(expected.summary.mrr, 12);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('unjudged', () => {
  const qrels: Qrels = {
    queries: [
      {
        query: 'a',
        judgments: [
          { name: 'Alpha', grade: 2 },
          { name: 'Beta', grade: 0 },
        ],
      },
      { query: 'b', judgments: [{ name: 'Gamma', grade: 1 }] },
      // No relevant agent: skipped by the scorer, so not counted here either.
      { query: 'c', judgments: [{ name: 'Delta', grade: 0 }] },
    ],
  };

  it('counts top-k agents nobody judged, and the queries holding them, over the scored queries', () => {
    const run = { a: ['alpha', 'Beta', 'Zeta', 'Eta'], b: ['Gamma', 'Theta'], c: ['Iota'] };
    expect(unjudged(run, qrels)).toEqual({ agents: 3, queries: 2 });
    expect(unjudged(run, qrels, 2)).toEqual({ agents: 1, queries: 1 });
  });
});
