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

  it('When restored from an image, then its sorted words are read where they lie until a word is added, and completions hold before and after', () => {
    vocabulary.completions('a', 5);
    const image = vocabulary.image();
    const restored = WordVocabulary.fromImage(stems, image);
    // Made into an array at load, a snapshot's 120,000 ids held a serving thread 52-320 ms (issue 24).
    expect((restored as unknown as { sorted: unknown }).sorted).toBe(image.sorted);
    expect(restored.completions('anal', 5).map((c) => c.word)).toEqual(['analyst', 'analytics']);
    const id = restored.register('anaerobic', stems.add('anaerob'));
    restored.count[id]! += 1;
    expect(restored.completions('ana', 5).map((c) => c.word)).toEqual(['analyst', 'anaerobic', 'analytics']);
    expect(restored.image().sorted).toEqual(
      Int32Array.from(
        ['anaerobic', 'analyst', 'analytics', 'servant', 'serverless', 'service', 'services'],
        (w) => restored.idOf(w),
      ),
    );
    // The image's own list is left as it was.
    expect(image.sorted!.length).toBe(6);
  });
});
