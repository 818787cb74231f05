import { CATEGORY_PAGE_NUMBER_MAX, directoryPageNumber, ROLE_PAGE_NUMBER_MAX } from './directory-reads';
import { lastPageNumber, pageNumberOf, withPageNumber } from './page-numbers';
import { buildDirectoryMeta } from './seo';

describe('page numbers of lists whose pages are addresses', () => {
  it('reads ?page= as a whole number from 1 to the last, anything else as the first page', () => {
    expect(pageNumberOf('2', 10)).toBe(2);
    expect(pageNumberOf('10', 10)).toBe(10);
    for (const odd of ['11', '0', '-1', '1.5', '02', 'abc', '', undefined, ['2']]) {
      expect(pageNumberOf(odd, 10)).toBe(1);
    }
  });

  it('adds page=N from page 2 on, after a query when there is one', () => {
    expect(withPageNumber('/providers/acme', 1)).toBe('/providers/acme');
    expect(withPageNumber('/providers/acme', 2)).toBe('/providers/acme?page=2');
    expect(withPageNumber('/directory?category=Finance', 3)).toBe('/directory?category=Finance&page=3');
  });

  it("keeps a directory page within what its API pages: a category's list, a role's search depth", () => {
    expect(lastPageNumber(24, 1_000_000)).toBe(41_667);
    // GET /api/search-by-role answers offset + limit up to 10,000: 416 whole pages of 24.
    expect(ROLE_PAGE_NUMBER_MAX).toBe(416);
    expect(directoryPageNumber('416', true)).toBe(416);
    expect(directoryPageNumber('417', true)).toBe(1);
    expect(directoryPageNumber('417', false)).toBe(417);
    expect(CATEGORY_PAGE_NUMBER_MAX).toBeGreaterThan(ROLE_PAGE_NUMBER_MAX);
  });

  it("gives a category's page 2 its own canonical address and title", () => {
    const meta = buildDirectoryMeta('https://rolecall.example', [], { category: 'Finance' }, 61, 2);
    expect(meta.title).toBe('Finance AI agents, page 2 | Rolecall directory');
    expect(meta.canonicalPath).toBe('/directory?category=Finance&page=2');
    const role = buildDirectoryMeta(
      'https://rolecall.example',
      [],
      { category: 'Finance', role: 'Bookkeeper' },
      40,
      3,
    );
    expect(role.title).toBe('Bookkeeper agents in Finance, page 3 | Rolecall directory');
    expect(role.canonicalPath).toBe('/directory?category=Finance&role=Bookkeeper&page=3');
    expect(
      buildDirectoryMeta('https://rolecall.example', [], { category: 'Finance' }, 61).canonicalPath,
    ).toBe('/directory?category=Finance');
  });
});
