import { isSearchableText, SEARCH_TEXT_MIN, searchableText } from './search-text';

describe('the shortest text a search box searches (issue 25)', () => {
  it('starts at two characters', () => {
    expect(SEARCH_TEXT_MIN).toBe(2);
    expect(isSearchableText('hr')).toBe(true);
    expect(isSearchableText('r')).toBe(false);
    expect(isSearchableText('')).toBe(false);
  });

  it('counts characters once trimmed, not spaces or UTF-16 units', () => {
    expect(isSearchableText('  r \n')).toBe(false);
    expect(isSearchableText('r s')).toBe(true);
    expect(isSearchableText('😀')).toBe(false);
    expect(isSearchableText('e\u0301')).toBe(false);
    expect(isSearchableText('né')).toBe(true);
  });

  it('answers a searchable text unchanged and a shorter one as no words', () => {
    expect(searchableText(' answer emails ')).toBe(' answer emails ');
    expect(searchableText(' r ')).toBe('');
  });
});
