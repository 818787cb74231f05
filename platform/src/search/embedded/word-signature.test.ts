import { wordSignature } from './name-words';

describe('wordSignature', () => {
  it('holds the bits of every subset of its words', () => {
    const query = wordSignature(['pixel', 'forge', 'alternatives']);
    for (const name of [['pixel'], ['pixel', 'forge'], ['forge', 'alternatives'], []]) {
      expect(wordSignature(name) & ~query).toBe(0);
    }
  });

  it('tells most unrelated words apart', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
    const query = wordSignature(['pixelforge']);
    const ruledOut = words.filter((word) => (wordSignature([word]) & ~query) !== 0);
    expect(ruledOut.length).toBeGreaterThan(180);
  });
});
