import { COMPARE_ROWS } from './compare-rows';

describe('the comparison rows', () => {
  it('each have a key of their own, as compare_agents answers them and the table keys them', () => {
    // The spec's pricing tier and the profile's price were both "pricing": a program keying
    // compare_agents' rows by key lost one of them.
    const keys = COMPARE_ROWS.map((row) => row.key);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(new Set(COMPARE_ROWS.map((row) => row.label)).size).toBe(COMPARE_ROWS.length);
  });
});
