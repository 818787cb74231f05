import { lexiconOf } from '../lexicon/english-lexicon';
import { adjacentKeys, editsBetween, isHeldKey, isKeyboardWalk, worthCorrecting } from './typo-rule';

// A small lexicon, most frequent first: "query" is far more frequent than "qwerty" in real text,
// but not ten times more.
const lexicon = lexiconOf([
  'the',
  ...Array.from({ length: 3000 }, (_, i) => `filler${i}`),
  'receive',
  ...Array.from({ length: 5000 }, (_, i) => `more${i}`),
  'query',
  ...Array.from({ length: 2000 }, (_, i) => `rest${i}`),
  'qwerty',
  'occured',
]);

describe('the typo rule', () => {
  it('corrects the slips people make: swapped, left out, doubled, a key beside, a vowel for a vowel', () => {
    expect(worthCorrecting('thumbnials', 'thumbnails', lexicon)).toBe(true);
    expect(worthCorrecting('anlyst', 'analyst', lexicon)).toBe(true);
    expect(worthCorrecting('proffesional', 'professional', lexicon)).toBe(true);
    expect(worthCorrecting('writersonic', 'writesonic', lexicon)).toBe(true);
    expect(worthCorrecting('schedular', 'scheduler', lexicon)).toBe(true);
    expect(worthCorrecting('concensus', 'consensus', lexicon)).toBe(true);
    expect(worthCorrecting('restaraunt', 'restaurant', lexicon)).toBe(true);
  });

  it('does not correct a letter out of nowhere ("gronk" is not "grok")', () => {
    expect(worthCorrecting('gronk', 'grok', lexicon)).toBe(false);
    expect(worthCorrecting('snarfle', 'sparkle', lexicon)).toBe(false);
  });

  it('keeps a real word unless the other is ten times more frequent ("qwerty" is not "query")', () => {
    expect(worthCorrecting('qwerty', 'query', lexicon)).toBe(false);
    // "occured" is in English text too, but "receive" is far more frequent than it.
    expect(worthCorrecting('occured', 'receive', lexicon)).toBe(false);
    expect(worthCorrecting('recieve', 'receive', lexicon)).toBe(true);
  });

  it('never reads a row of the keyboard or a held key as a word', () => {
    for (const walk of ['asdfgh', 'qwer', 'hjkl', 'zxcvbnm', 'lkjh', 'poiuy'])
      expect(isKeyboardWalk(walk)).toBe(true);
    for (const word of ['tree', 'were', 'data', 'email']) expect(isKeyboardWalk(word)).toBe(false);
    expect(isHeldKey('jjjjjj')).toBe(true);
    expect(isHeldKey('assess')).toBe(false);
    expect(worthCorrecting('asdfg', 'ascfg', lexicon)).toBe(false);
    expect(worthCorrecting('aaaaaa', 'aaaaa', lexicon)).toBe(false);
  });

  it('knows which keys are neighbours and which edits turn one word into another', () => {
    expect(adjacentKeys('e', 'r')).toBe(true);
    expect(adjacentKeys('n', 'k')).toBe(false);
    expect(adjacentKeys('a', 'z')).toBe(true);
    expect(editsBetween('teh', 'the')).toEqual([{ kind: 'swap' }]);
    expect(editsBetween('emial', 'email')).toEqual([{ kind: 'swap' }]);
    expect(editsBetween('anlyst', 'analyst')).toEqual([{ kind: 'omit' }]);
    expect(editsBetween('completely', 'different')).toBeNull();
  });
});
