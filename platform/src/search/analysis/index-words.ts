import { fold } from './fold';

// The words of a field for indexing: the same words tokenize() finds, without offsets, and about
// five times faster, because most text is ASCII and needs no Unicode normalisation.

const WORD = /[\p{L}\p{N}]+/gu;
const CAMEL_PART = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu;

/** True when a word mixes cases inside it or letters with digits ("EmailTriager", "GPT4"). */
function hasParts(raw: string): boolean {
  let previous = 0; // 1 lower, 2 upper, 3 digit, 4 other letter
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    const kind = c >= 97 && c <= 122 ? 1 : c >= 65 && c <= 90 ? 2 : c >= 48 && c <= 57 ? 3 : 4;
    if (i > 0 && kind !== previous && !(previous === 2 && kind === 1) && kind !== 4 && previous !== 4)
      return true;
    previous = kind;
  }
  return false;
}

function isAscii(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) if (raw.charCodeAt(i) > 127) return false;
  return true;
}

export function indexWords(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const ascii = isAscii(raw);
    out.push(ascii ? raw.toLowerCase() : fold(raw));
    if (ascii ? hasParts(raw) : /\p{Ll}\p{Lu}|\p{L}\p{N}|\p{N}\p{L}/u.test(raw)) {
      const parts = raw.match(CAMEL_PART);
      if (parts && parts.length > 1)
        for (const part of parts) out.push(ascii ? part.toLowerCase() : fold(part));
    }
  }
  return out;
}
