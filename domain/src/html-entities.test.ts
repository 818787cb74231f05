import { decodeEntities } from './html-entities';

describe('decodeEntities', () => {
  it('decodes named entities', () => {
    expect(decodeEntities('Q&amp;A Desk &ndash; &quot;fast&quot;')).toBe('Q&A Desk \u2013 "fast"');
  });
  it('decodes decimal and hexadecimal entities', () => {
    expect(decodeEntities('It&#39;s &#x2014; caf&#233;')).toBe("It's \u2014 caf\u00e9");
  });
  it('decodes only once, so encoded markup never becomes markup', () => {
    expect(decodeEntities('&amp;lt;script&amp;gt;')).toBe('&lt;script&gt;');
  });
  it('leaves unknown entities and bare ampersands alone', () => {
    expect(decodeEntities('R&D &bogus; A & B')).toBe('R&D &bogus; A & B');
  });
});
