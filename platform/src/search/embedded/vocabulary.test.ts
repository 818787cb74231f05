import { StemTable } from './stem-table';
import { boundedDistance, WordVocabulary } from './vocabulary';

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
  const stems = new StemTable();
  const vocabulary = new WordVocabulary(stems);
  /** A document using the word, as indexing counts it. */
  const add = (word: string) => {
    let id = vocabulary.idOf(word);
    if (id < 0) id = vocabulary.register(word, stems.add(word));
    vocabulary.count[id]! += 1;
  };
  for (const word of ['analyst', 'analytics', 'analyst', 'service', 'services', 'servant']) add(word);

  it('corrects to the closest, most used word', () => {
    expect(vocabulary.corrections('anlyst', 1)[0]).toEqual({ word: 'analyst', stem: 'analyst', distance: 1 });
  });
  it('completes a prefix with the most used words first', () => {
    expect(vocabulary.completions('anal', 5).map((c) => c.word)).toEqual(['analyst', 'analytics']);
    expect(vocabulary.completions('zzz', 5)).toEqual([]);
  });
  it('sees words added after a lookup', () => {
    vocabulary.completions('serv', 5);
    add('serverless');
    expect(vocabulary.completions('serverl', 5).map((c) => c.word)).toEqual(['serverless']);
  });
});
