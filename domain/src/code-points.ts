// The character a numeric character reference (&#233; &#xE9;) names, or null when it names none.
// String.fromCodePoint throws a RangeError past U+10FFFF (and for NaN or Infinity, which a long
// run of digits gives), and a surrogate (U+D800 to U+DFFF) alone is no character at all: a lone
// surrogate breaks encodeURIComponent, and some drivers refuse it. Every decoder asks here first.

const MAX_CODE_POINT = 0x10ffff;

export function charForCodePoint(code: number): string | null {
  if (!Number.isInteger(code) || code <= 0 || code > MAX_CODE_POINT) return null;
  if (code >= 0xd800 && code <= 0xdfff) return null;
  return String.fromCodePoint(code);
}

/** The code point of a reference's digits: `x`-prefixed hexadecimal, else decimal. */
export function codePointOf(digits: string, hexadecimal: boolean): number {
  return hexadecimal ? Number.parseInt(digits, 16) : Number(digits);
}
