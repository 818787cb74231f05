import { fold } from './fold';

// Splits text into word tokens with their offsets in the original string (for highlighting).
// A word written in camel case ("EmailTriager", "ChatGPT") also yields its parts, at the same
// position, so that "email triage" finds EmailTriager and "chat gpt" finds ChatGPT.

export interface Token {
  /** Folded (lower-case, no accents) word. */
  word: string;
  /** Offsets into the original text. */
  start: number;
  end: number;
  /** Word position; camel-case parts share their word's position. */
  position: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
const CAMEL_PART = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const start = match.index;
    const word = fold(raw);
    tokens.push({ word, start, end: start + raw.length, position });
    if (/\p{Ll}\p{Lu}|\p{L}\p{N}|\p{N}\p{L}/u.test(raw)) {
      const parts = [...raw.matchAll(CAMEL_PART)];
      if (parts.length > 1) {
        for (const part of parts) {
          const partStart = start + part.index;
          tokens.push({ word: fold(part[0]), start: partStart, end: partStart + part[0].length, position });
        }
      }
    }
    position += 1;
  }
  return tokens;
}

/** Just the folded words, camel-case parts included (as the index holds them). */
export function words(text: string): string[] {
  return tokenize(text).map((token) => token.word);
}

/** The folded whole words, without camel-case parts: what a query asks for. */
export function wholeWords(text: string): string[] {
  const tokens = tokenize(text);
  return tokens
    .filter((token, i) => i === 0 || token.position !== tokens[i - 1]!.position)
    .map((token) => token.word);
}
