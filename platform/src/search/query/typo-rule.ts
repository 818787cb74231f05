import { englishLexicon, type Lexicon } from '../lexicon/english-lexicon';

// When a word the catalog does not hold may be read as a catalog word a letter or two away. A
// correction is a guess that the person meant the other word; it is made only when that word is far
// likelier than what was typed:
// - the slip is one people make: letters swapped, one left out, doubled, or hit beside the one meant
//   on the keyboard, a vowel for a vowel, a letter for one that sounds alike ("thumbnials",
//   "anlyst", "proffesional", "concensus"), not any letter for any other ("gronk" is not "grok");
// - what was typed is not itself a common English word: "qwerty" is a word (rank 65,000 in English
//   text), and "query" (19,000) is not ten times more frequent, so it stays "qwerty";
// - a row of the keyboard ("asdfgh", "hjkl") or a letter held down ("jjjjjj") is not a word to
//   correct at all.

/** A correction must be this many times more frequent in English than a real word typed instead of it. */
export const FREQUENCY_RATIO = 10;

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const POSITION = new Map<string, [number, number]>();
ROWS.forEach((row, r) => {
  for (let c = 0; c < row.length; c++) POSITION.set(row[c]!, [r, c + r * 0.5]);
});

/** Keys next to each other on a QWERTY keyboard (same row, or the row above or below). */
export function adjacentKeys(a: string, b: string): boolean {
  const p = POSITION.get(a);
  const q = POSITION.get(b);
  if (!p || !q || a === b) return false;
  return Math.abs(p[0] - q[0]) <= 1 && Math.abs(p[1] - q[1]) <= 1;
}

const VOWELS = new Set('aeiouy');
/** Letters that stand for the same sound often enough to be written for each other. */
const SOUND_ALIKE = new Set(['cs', 'sc', 'ck', 'kc', 'sz', 'zs', 'iy', 'yi', 'gj', 'jg']);

/** Four or more letters walked along one row of the keyboard, one way ("qwerty", "lkjh"; not "were"). */
export function isKeyboardWalk(word: string): boolean {
  if (word.length < 4) return false;
  let direction = 0;
  for (let i = 1; i < word.length; i++) {
    const p = POSITION.get(word[i - 1]!);
    const q = POSITION.get(word[i]!);
    if (!p || !q || p[0] !== q[0]) return false;
    const step = q[1] - p[1];
    if (Math.abs(step) !== 1 || (direction !== 0 && step !== direction)) return false;
    direction = step;
  }
  return true;
}

/** The same letter three times in a row ("jjjj"): no English word does that. */
export const isHeldKey = (word: string) => /(.)\1\1/.test(word);

type Edit =
  | { kind: 'swap' }
  | { kind: 'omit' }
  | { kind: 'insert'; letter: string; before?: string; after?: string }
  | { kind: 'replace'; typed: string; meant: string };

/**
 * The edits turning `meant` into `typed`, at most `max` (optimal string alignment); null when more.
 * Of two alignments as short, `indelsFirst` takes letters added and left out over replaced ones
 * ("proffesional": an f doubled and an s left out, rather than two letters replaced).
 */
export function editsBetween(typed: string, meant: string, max = 2, indelsFirst = false): Edit[] | null {
  const n = typed.length;
  const m = meant.length;
  if (Math.abs(n - m) > max) return null;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const cost = typed[i - 1] === meant[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && typed[i - 1] === meant[j - 2] && typed[i - 2] === meant[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  if (d[n]![m]! > max) return null;
  const edits: Edit[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = d[i]![j]!;
    if (i > 0 && j > 0 && typed[i - 1] === meant[j - 1] && d[i - 1]![j - 1] === here) {
      i -= 1;
      j -= 1;
    } else if (
      i > 1 &&
      j > 1 &&
      typed[i - 1] === meant[j - 2] &&
      typed[i - 2] === meant[j - 1] &&
      d[i - 2]![j - 2] === here - 1
    ) {
      edits.push({ kind: 'swap' });
      i -= 2;
      j -= 2;
    } else if (
      i > 0 &&
      j > 0 &&
      d[i - 1]![j - 1] === here - 1 &&
      !(indelsFirst && (d[i - 1]![j] === here - 1 || d[i]![j - 1] === here - 1))
    ) {
      edits.push({ kind: 'replace', typed: typed[i - 1]!, meant: meant[j - 1]! });
      i -= 1;
      j -= 1;
    } else if (i > 0 && d[i - 1]![j] === here - 1) {
      edits.push({ kind: 'insert', letter: typed[i - 1]!, before: typed[i - 2], after: typed[i] });
      i -= 1;
    } else {
      edits.push({ kind: 'omit' });
      j -= 1;
    }
  }
  return edits;
}

/** A slip people make while typing or spelling. */
function plausible(edit: Edit): boolean {
  switch (edit.kind) {
    case 'swap':
    case 'omit':
      return true;
    case 'insert': {
      const { letter, before, after } = edit;
      return (
        letter === before ||
        letter === after ||
        VOWELS.has(letter) ||
        (before !== undefined && adjacentKeys(letter, before)) ||
        (after !== undefined && adjacentKeys(letter, after))
      );
    }
    case 'replace':
      return (
        adjacentKeys(edit.typed, edit.meant) ||
        (VOWELS.has(edit.typed) && VOWELS.has(edit.meant)) ||
        SOUND_ALIKE.has(edit.typed + edit.meant)
      );
  }
}

/**
 * Whether `typed` differs from `meant` only by slips people make (and is no keyboard walk or held
 * key): the first half of worthCorrecting, without its frequency test. Read alone for a word's
 * beginning inside a made-up name ("grammer" of "grammerly"), which is no word typed of its own.
 */
export function plausibleSlip(typed: string, meant: string): boolean {
  if (isKeyboardWalk(typed) || isHeldKey(typed)) return false;
  const slips = (edits: Edit[] | null) => edits !== null && edits.length > 0 && edits.every(plausible);
  return slips(editsBetween(typed, meant)) || slips(editsBetween(typed, meant, 2, true));
}

/** Whether `typed` (a word the catalog lacks) may be read as `meant`, a catalog word. */
export function worthCorrecting(typed: string, meant: string, lexicon: Lexicon = englishLexicon()): boolean {
  if (!plausibleSlip(typed, meant)) return false;
  const typedRank = lexicon.rank(typed);
  if (typedRank === undefined) return true;
  const meantRank = lexicon.rank(meant);
  return meantRank !== undefined && typedRank + 1 >= FREQUENCY_RATIO * (meantRank + 1);
}

/** Whether a word may be read loosely at all (by prefix, or as a known word it starts with). */
export const mayReadLoosely = (word: string) => !isKeyboardWalk(word) && !isHeldKey(word);
