import { StringIds } from './string-ids';

// The lookup table of stems, words and document ids: what a Map<string, number> answered, through
// growth, replacement and deletion, and the same again once restored from its image.

describe('string ids', () => {
  it('answers as a Map does through additions, replacements, deletions and growth', () => {
    const texts: string[] = [];
    const table = StringIds.empty((id) => texts[id]!);
    const map = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const text = `w${(i * 7919) % 2000}`;
      texts[i] = text;
      table.set(text, i);
      map.set(text, i);
      if (i % 3 === 0) {
        const gone = `w${(i * 31) % 2000}`;
        table.delete(gone);
        map.delete(gone);
      }
    }
    for (let n = 0; n < 2100; n++) expect(table.get(`w${n}`)).toBe(map.get(`w${n}`) ?? -1);
    expect(table.get('constructor')).toBe(-1);
    const restored = StringIds.fromImage((id) => texts[id]!, table.image());
    for (let n = 0; n < 2100; n++) expect(restored.get(`w${n}`)).toBe(map.get(`w${n}`) ?? -1);
  });

  it('refuses an image whose slots are not a power of two', () => {
    expect(() => StringIds.fromImage(() => '', new Int32Array(24))).toThrow('not a power of two');
  });
});
