import { highlightParts } from './highlight-parts';

describe('highlightParts', () => {
  it('splits InstantSearch <mark> tags into highlighted and plain parts', () => {
    expect(highlightParts('Answers <mark>customer</mark> emails in <mark>Spanish</mark>')).toEqual([
      { text: 'Answers ', highlighted: false },
      { text: 'customer', highlighted: true },
      { text: ' emails in ', highlighted: false },
      { text: 'Spanish', highlighted: true },
    ]);
  });

  it("undoes InstantSearch's escaping and the catalog's entity encoding exactly once each", () => {
    // Catalog text "Q&amp;A" (shown as "Q&A"), escaped again by InstantSearch.
    expect(highlightParts('<mark>Q&amp;amp;A</mark> Desk')).toEqual([
      { text: 'Q&A', highlighted: true },
      { text: ' Desk', highlighted: false },
    ]);
    // Catalog text "&amp;lt;b&amp;gt;" is meant to show "&lt;b&gt;", never markup.
    expect(highlightParts('&amp;amp;lt;b&amp;amp;gt;')).toEqual([{ text: '&lt;b&gt;', highlighted: false }]);
  });

  it('treats escaped angle brackets in the data as text, not as tags', () => {
    expect(highlightParts('&lt;mark&gt;not a match&lt;/mark&gt;')).toEqual([
      { text: '<mark>not a match</mark>', highlighted: false },
    ]);
  });

  it('returns the whole value as one plain part when nothing matched', () => {
    expect(highlightParts('ReplyRanch')).toEqual([{ text: 'ReplyRanch', highlighted: false }]);
    expect(highlightParts('')).toEqual([]);
  });
});
