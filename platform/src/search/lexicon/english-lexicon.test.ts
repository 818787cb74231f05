import { gunzipSync } from 'node:zlib';
import { englishLexicon, lexiconOf, lexiconOfText, rankBucket } from './english-lexicon';
import file from './english-words.json';

// The lexicon is looked up in its decoded text (issue 24: split into 100,000 strings it held a
// serving thread's warm-up); its answers must be those of the list split into words.

describe('the English lexicon', () => {
  const { wordsGzipBase64, rankBucketsGzipBase64 } = file as {
    wordsGzipBase64: string;
    rankBucketsGzipBase64: string;
  };
  const words = gunzipSync(Buffer.from(wordsGzipBase64, 'base64')).toString('utf8').split('\n');
  const buckets = new Uint8Array(gunzipSync(Buffer.from(rankBucketsGzipBase64, 'base64')));

  it('When every word of the list is looked up, then each gets the rank its byte gives, and words off the list none', () => {
    const lexicon = englishLexicon();
    expect(words.length).toBe(100_000);
    // One expect over the words that disagree: 100,000 expects took 18 s of CI (jest's matcher per call).
    const disagree: Array<{ word: string; rank: number | undefined; byte: number }> = [];
    for (let i = 0; i < words.length; i++) {
      const rank = lexicon.rank(words[i]!);
      if (rank !== 2 ** (buckets[i]! / 4) - 1) disagree.push({ word: words[i]!, rank, byte: buckets[i]! });
    }
    expect(disagree).toEqual([]);
    for (const word of ['', 'zzzzzzzzzz', 'Email', 'café', 'emai', 'emails\u0000', '\uffff', 'a'.repeat(60)])
      expect(lexicon.rank(word)).toBe(
        words.includes(word) ? 2 ** (buckets[words.indexOf(word)]! / 4) - 1 : undefined,
      );
    expect(lexicon.rank('the')).toBeLessThan(1);
  });

  it('When its text and ranks differ in number or hold a word beyond ASCII, then it is refused', () => {
    const text = (list: string) => new Uint8Array(Buffer.from(list, 'utf8'));
    expect(lexiconOfText(text('alpha\nbeta'), Uint8Array.of(1, 2)).rank('beta')).toBe(2 ** (2 / 4) - 1);
    expect(() => lexiconOfText(text('alpha\nbeta\n'), Uint8Array.of(1, 2))).toThrow('differ in number');
    expect(() => lexiconOfText(text('alpha'), Uint8Array.of(1, 2))).toThrow('differ in number');
    expect(() => lexiconOfText(text('alpha\nbeta\ngamma'), Uint8Array.of(1, 2))).toThrow('differ in number');
    expect(() => lexiconOfText(text('alpha\nbéta'), Uint8Array.of(1, 2))).toThrow('beyond ASCII');
  });

  it('ranks a test lexicon by its order', () => {
    expect(lexiconOf(['the', 'of']).rank('of')).toBe(2 ** (rankBucket(1) / 4) - 1);
  });
});
