import { StringColumn } from './string-column';

// The packed lists must read back exactly the strings written, and order them exactly as
// JavaScript compares strings (the name and newest orders rest on it), whatever their text.

/** As index-image.ts writes a string list: UTF-16 lengths, then the text as UTF-8 (or UTF-16). */
function packedOf(strings: string[], encoding: 'utf8' | 'utf16le' = 'utf8'): StringColumn | null {
  const lengths = Uint32Array.from(strings, (text) => text.length);
  return StringColumn.packed(Buffer.from(strings.join(''), encoding), lengths, encoding);
}

const textOrder = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

describe('a column of strings packed as a snapshot keeps them', () => {
  const samples = [
    ['ledger', 'ledger bot', 'ledge', '', 'Zeta', 'alpha'],
    ['café', 'cafe', 'caféine', 'über', 'uber', 'naïve'],
    // A character from U+E000 on (fullwidth A) against ones past U+FFFF (emoji): UTF-8's byte
    // order and JavaScript's UTF-16 order disagree here.
    ['\uff21bc', '😀bc', '\ue000', '𝔸', 'a😀', 'a\uff21', '日本語', ''],
  ];

  it.each(samples.map((strings) => [strings.join(' | '), strings]))(
    'reads %s back as written',
    (_, strings) => {
      for (const encoding of ['utf8', 'utf16le'] as const) {
        const column = packedOf(strings, encoding)!;
        expect(column.length).toBe(strings.length);
        expect(column.toArray()).toEqual(strings);
      }
    },
  );

  it.each(samples.map((strings) => [strings.join(' | '), strings]))(
    'orders %s as JavaScript compares strings',
    (_, strings) => {
      for (const encoding of ['utf8', 'utf16le'] as const) {
        const column = packedOf(strings, encoding)!;
        for (let a = 0; a < strings.length; a++)
          for (let b = 0; b < strings.length; b++)
            expect([a, b, column.compare(a, b)]).toEqual([a, b, textOrder(strings[a]!, strings[b]!)]);
      }
    },
  );

  it('adds strings after the packed ones, and never replaces a packed one', () => {
    const column = packedOf(['beta', 'alpha'])!;
    column.set(2, 'gamma');
    column.set(3, 'aardvark');
    expect(column.toArray()).toEqual(['beta', 'alpha', 'gamma', 'aardvark']);
    expect(column.compare(3, 1)).toBe(-1);
    expect(column.compare(2, 0)).toBe(1);
    expect(() => column.set(1, 'other')).toThrow(/never replaced/);
  });

  it('is not packed when a surrogate pair is split between two strings (the caller decodes it whole)', () => {
    const pair = '😀';
    expect(packedOf([`a${pair[0]}`, `${pair[1]}b`])).toBeNull();
  });

  it('holds plain strings when built rather than read', () => {
    const column = StringColumn.of();
    column.set(0, 'one');
    column.set(1, 'two');
    expect(column.get(1)).toBe('two');
    expect(column.compare(0, 1)).toBe(-1);
  });
});
