import { isAscii } from 'node:buffer';

// A list of strings by document number (names, name keys, name parts, listing dates) kept as the
// bytes a snapshot holds them in, each decoded when read. Decoded at load, the four lists of a
// 100,000-agent index were ~400,000 strings on the JavaScript heap (~20 MB with their headers and
// the texts they are slices of, issue 24), every one of them read by a few searches at most; the
// bytes are in the snapshot's image anyway. Strings added after the load (documents indexed since)
// are kept as strings, after the packed ones: a document's number never changes its strings.

type Encoding = 'latin1' | 'utf8' | 'utf16le';

export class StringColumn {
  private constructor(
    /** The packed strings' bytes, one after the other (a view of the snapshot's image). */
    private readonly text: Buffer | null,
    /** Where each packed string's bytes end in `text`. */
    private readonly ends: Uint32Array,
    private readonly encoding: Encoding,
    /** Strings from number `ends.length` on. */
    private readonly tail: string[],
  ) {}

  /** A column of plain strings (an index built here, not read from a snapshot). */
  static of(strings: string[] = []): StringColumn {
    return new StringColumn(null, new Uint32Array(0), 'latin1', strings);
  }

  /**
   * The strings of a snapshot's list: `lengths` in UTF-16 units, `text` their UTF-8 (or, for
   * 'utf16le', UTF-16) bytes one after the other. Null when a string's bytes cannot be told
   * apart from its neighbour's (a surrogate pair split between two strings): the caller then
   * decodes the list whole.
   */
  static packed(text: Buffer, lengths: Uint32Array, encoding: 'utf8' | 'utf16le'): StringColumn | null {
    const ends = new Uint32Array(lengths.length);
    if (encoding === 'utf16le') {
      let at = 0;
      for (let i = 0; i < lengths.length; i++) ends[i] = at += lengths[i]! * 2;
      return at === text.length ? new StringColumn(text, ends, encoding, []) : null;
    }
    if (isAscii(text)) {
      let at = 0;
      for (let i = 0; i < lengths.length; i++) ends[i] = at += lengths[i]!;
      return at === text.length ? new StringColumn(text, ends, 'latin1', []) : null;
    }
    // UTF-8: each string's bytes are those of its code points (UTF-16 units: 2 for a 4-byte one).
    let at = 0;
    for (let i = 0; i < lengths.length; i++) {
      let units = lengths[i]!;
      while (units > 0) {
        const lead = text[at];
        if (lead === undefined) return null;
        const size = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
        units -= size === 4 ? 2 : 1;
        at += size;
      }
      if (units < 0) return null;
      ends[i] = at;
    }
    return at === text.length ? new StringColumn(text, ends, encoding, []) : null;
  }

  get length(): number {
    return this.ends.length + this.tail.length;
  }

  get(i: number): string {
    const packed = this.ends.length;
    if (i >= packed) return this.tail[i - packed]!;
    return this.text!.toString(this.encoding, i === 0 ? 0 : this.ends[i - 1]!, this.ends[i]!);
  }

  /** Sets the string of a number past the packed ones (a document indexed since the load). */
  set(i: number, value: string): void {
    const at = i - this.ends.length;
    if (at < 0) throw new Error('string column: a packed string is never replaced');
    this.tail[at] = value;
  }

  /**
   * As `get(a) < get(b) ? -1 : get(a) > get(b) ? 1 : 0` (UTF-16 order), on the bytes where they
   * agree with it: one-byte text always; UTF-8 unless the first bytes that differ may start a
   * character from U+E000 on (UTF-8 puts those before U+10000 and up, UTF-16 after).
   */
  compare(a: number, b: number): number {
    const packed = this.ends.length;
    if (a < packed && b < packed && this.encoding !== 'utf16le') {
      const text = this.text!;
      let i = a === 0 ? 0 : this.ends[a - 1]!;
      let j = b === 0 ? 0 : this.ends[b - 1]!;
      const iEnd = this.ends[a]!;
      const jEnd = this.ends[b]!;
      for (; i < iEnd && j < jEnd; i++, j++) {
        const x = text[i]!;
        const y = text[j]!;
        if (x === y) continue;
        if (this.encoding === 'utf8' && (x >= 0xee || y >= 0xee)) break;
        return x < y ? -1 : 1;
      }
      if (i === iEnd || j === jEnd) return iEnd - i === jEnd - j ? 0 : i === iEnd ? -1 : 1;
    }
    const x = this.get(a);
    const y = this.get(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** The first `count` strings (for a snapshot). */
  toArray(count = this.length): string[] {
    return Array.from({ length: count }, (_, i) => this.get(i));
  }
}
