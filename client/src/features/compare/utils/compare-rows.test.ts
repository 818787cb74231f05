import { COMPARE_ROWS, rowDiffers } from '@agentry/domain/compare-rows';
import { makeAgent } from '../../../testing/agents';
import { idsFromQuery } from './compare-ids';

const row = (key: string) => COMPARE_ROWS.find((candidate) => candidate.key === key)!;

describe('comparison rows', () => {
  it('differ when the agents read differently, not for case, spacing or entities', () => {
    const a = makeAgent({ provider: 'Fenwick &amp; Grove', cost: '$29 / month' });
    const b = makeAgent({ provider: ' fenwick & grove ', cost: '$29  /  month' });
    expect(rowDiffers(row('provider'), [a, b])).toBe(false);
    expect(rowDiffers(row('cost'), [a, b])).toBe(false);
    expect(rowDiffers(row('category'), [a, makeAgent({ category: 'Finance' })])).toBe(true);
    expect(rowDiffers(row('cost'), [a, makeAgent({ cost: 'Unknown' })])).toBe(true);
  });

  it('never differ for a single agent', () => {
    expect(COMPARE_ROWS.some((candidate) => rowDiffers(candidate, [makeAgent()]))).toBe(false);
  });
});

describe('the ids of a shared comparison', () => {
  it('drops blanks and repeats and keeps at most four, in order', () => {
    expect(idsFromQuery(' 3, ,1,3,9,7,5')).toEqual(['3', '1', '9', '7']);
    expect(idsFromQuery('')).toEqual([]);
  });
});
