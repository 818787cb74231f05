import { type FloorRule, type QueryCase, tallyRule } from './claims-rules';

// A floor rule's counts: unanswerable queries still claiming, and answerable ones it newly leaves
// with none (never those that claimed none already).

const query = (text: string, answerable: boolean, matchCount: number): QueryCase => ({
  set: 'train',
  query: text,
  answerable,
  matchCount,
  parts: [],
  matches: [],
});

const cases = [
  query('a job nobody offers', false, 4),
  query('another job nobody offers', false, 2),
  query('nonsense', false, 0),
  query('a job agents do', true, 9),
  query('a job agents do, claiming none already', true, 0),
];

describe('tallyRule', () => {
  it('counts the engine as it is without a rule', () => {
    const tally = tallyRule(cases);
    expect(tally).toMatchObject({ claiming: 2, unanswerable: 3, lost: 0, answerable: 2 });
  });

  it('names the unanswerable queries a rule fixes and the answerable ones it loses', () => {
    const rule: FloorRule = { name: 'over 3 matches', claims: (q) => q.matchCount > 3 };
    const tally = tallyRule(cases, rule);
    expect(tally).toMatchObject({ claiming: 1, lost: 0 });
    expect(tally.fixedQueries.map((q) => q.query)).toEqual(['another job nobody offers']);
    const strict: FloorRule = { name: 'none', claims: () => false };
    const all = tallyRule(cases, strict);
    expect(all).toMatchObject({ claiming: 0, lost: 1 });
    expect(all.lostQueries.map((q) => q.query)).toEqual(['a job agents do']);
  });
});
