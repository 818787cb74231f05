import { charForCodePoint, codePointOf } from './code-points';

// Names and descriptions arrive HTML-entity encoded and are decoded for display (spec section 3).

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  hellip: '\u2026',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  eacute: '\u00e9',
  egrave: '\u00e8',
  aacute: '\u00e1',
  agrave: '\u00e0',
  iacute: '\u00ed',
  oacute: '\u00f3',
  uacute: '\u00fa',
  ntilde: '\u00f1',
  ouml: '\u00f6',
  uuml: '\u00fc',
  auml: '\u00e4',
  ccedil: '\u00e7',
  middot: '\u00b7',
  bull: '\u2022',
  euro: '\u20ac',
  pound: '\u00a3',
  colon: ':',
  semi: ';',
  comma: ',',
  period: '.',
  excl: '!',
  quest: '?',
  sol: '/',
  num: '#',
};

const ENTITY = /&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});/gi;

/** Decodes HTML entities once (so "&amp;lt;" shows as "&lt;", never as markup). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, body: string) => {
    if (body[0] === '#') {
      const hexadecimal = body[1] === 'x' || body[1] === 'X';
      // A reference to no character (out of range, a surrogate, zero) stays as it was typed.
      return charForCodePoint(codePointOf(body.slice(hexadecimal ? 2 : 1), hexadecimal)) ?? whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}
