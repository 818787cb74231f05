import { formatCount } from './format-count';

describe('a count as the pages write it', () => {
  it('groups thousands with commas, as en-US writes them, whatever the runtime locale', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});
