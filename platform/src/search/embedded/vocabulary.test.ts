import { Postings } from './postings';
import { boundedDistance, type WordEntry, WordVocabulary } from './vocabulary';

describe('boundedDistance', () => {
  it('counts insertions, deletions, substitutions and swaps', () => {
    expect(boundedDistance('anlyst', 'analyst', 2)).toBe(1);
    expect(boundedDistance('servce', 'service', 2)).toBe(1);
    expect(boundedDistance('recieve', 'receive', 2)).toBe(1);
    expect(boundedDistance('kitten', 'sitting', 3)).toBe(3);
  });
  it('gives up past the bound', () => {
    expect(boundedDistance('abc', 'xyzxyz', 1)).toBe(2);
  });
});

describe('WordVocabulary', () => {
  const make = (word: string, stem: string): WordEntry => ({
    word,
    stemEntry: { stem, id: 0, postings: new Postings(), lastDoc: -1, slot: 0 },
    stop: false,
    count: 0,
    lastDoc: -1,
  });
  const vocabulary = new WordVocabulary(() => 1);
  for (const word of ['analyst', 'analytics', 'analyst', 'service', 'services', 'servant'])
    vocabulary.add(word, word, make);

  it('corrects to the closest, most used word', () => {
    expect(vocabulary.corrections('anlyst', 1)[0]).toEqual({ word: 'analyst', stem: 'analyst', distance: 1 });
  });
  it('completes a prefix with the most used words first', () => {
    expect(vocabulary.completions('anal', 5).map((c) => c.word)).toEqual(['analyst', 'analytics']);
    expect(vocabulary.completions('zzz', 5)).toEqual([]);
  });
  it('sees words added after a lookup', () => {
    vocabulary.completions('serv', 5);
    vocabulary.add('serverless', 'serverless', make);
    expect(vocabulary.completions('serverl', 5).map((c) => c.word)).toEqual(['serverless']);
  });
});
