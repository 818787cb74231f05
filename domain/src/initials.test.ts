import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first two words, upper-cased', () => {
    expect(initials('ada lovelace byron')).toBe('AL');
  });
  it('uses one letter for a one-word name', () => {
    expect(initials('Plato')).toBe('P');
  });
  it('is empty for a missing name', () => {
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });
  it('ignores extra white space', () => {
    expect(initials('  grace   hopper ')).toBe('GH');
  });
});
