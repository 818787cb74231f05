import type { PublicAgent } from './agent';
import { EMPTY_PROFILE, NOT_STATED } from './agent-profile';
import { COMPARE_ROWS } from './compare-rows';

const agentLike = (cost: string): PublicAgent => ({
  id: '1',
  name: 'Driftwren',
  provider: 'Quillstone Labs',
  category: 'Finance',
  role: 'Bookkeeper',
  description: 'Books.',
  cost,
  address: 'https://driftwren.example/',
  pricing: 'unknown',
  price_monthly: null,
});

describe('the comparison rows', () => {
  it('each have a key of their own, as compare_agents answers them and the table keys them', () => {
    // The spec's pricing tier and the profile's price were both "pricing": a program keying
    // compare_agents' rows by key lost one of them.
    const keys = COMPARE_ROWS.map((row) => row.key);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(new Set(COMPARE_ROWS.map((row) => row.label)).size).toBe(COMPARE_ROWS.length);
  });

  it('say a cost that states nothing "Not stated", like every gap, in one Cost row', () => {
    const unknown = { ...agentLike('Unknown'), profile: EMPTY_PROFILE };
    const cost = COMPARE_ROWS.find((row) => row.key === 'cost')!;
    expect(cost.text(unknown)).toBe(NOT_STATED);
    expect(cost.text(agentLike('N/A'))).toBe(NOT_STATED);
    expect(cost.text(agentLike('$29 &amp; up'))).toBe('$29 & up');
    // The pricing tier is read from the cost: no second row for the same fact.
    expect(COMPARE_ROWS.map((row) => row.label)).not.toContain('Pricing tier');
    expect(COMPARE_ROWS.filter((row) => /cost|pricing tier/i.test(row.label))).toHaveLength(1);
  });
});
