import { stem } from '../analysis/stem';
import { setFeatures } from './features';
import { planQuery, type Vocabulary, WEIGHTS } from './plan';

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}

/** A vocabulary of the given words, each in one document. */
function vocabularyOf(words: string[]): Vocabulary {
  const stems = new Set(words.map(stem));
  return {
    documentFrequency: (s) => (stems.has(s) ? 1 : 0),
    corrections: (word, maxDistance) =>
      words
        .map((known) => ({ word: known, stem: stem(known), distance: editDistance(word, known) }))
        .filter((c) => c.distance <= maxDistance),
    completions: () => [],
  };
}

describe('planQuery', () => {
  it('reads a misspelt word that completes a known phrase as the phrase itself', () => {
    const plan = planQuery('speech recogniton', vocabularyOf(['speech', 'recognition']));
    const phrase = plan.groups[0]!.alternatives[0]!;
    expect(phrase.stems).toEqual([stem('speech'), stem('recognition')]);
    // As much as the words typed correctly.
    expect(phrase.weight).toBe(1);
    // The phrase's synonyms still count, for less.
    expect(plan.groups[0]!.alternatives.slice(1).every((a) => a.weight < 1)).toBe(true);
  });

  it('keeps a word nobody has, without a correction, as typed', () => {
    const plan = planQuery('zqxv', vocabularyOf(['data']));
    expect(plan.groups).toEqual([
      {
        words: ['zqxv'],
        meant: ['zqxv'],
        alternatives: [{ stems: ['zqxv'], weight: 1, source: 'literal' }],
      },
    ]);
  });

  it('reads a word typed in two parts as the known word they make', () => {
    const plan = planQuery('pixel frog notes', vocabularyOf(['pixelfrog', 'notes', 'pixel']));
    expect(plan.words).toEqual(['pixelfrog', 'notes']);
    expect(plan.groups[0]!.alternatives[0]!.stems).toEqual([stem('pixelfrog')]);
  });

  describe('the loose retry (nothing matched)', () => {
    const conceptStems = (plan: ReturnType<typeof planQuery>) =>
      plan.groups[0]!.alternatives.filter((a) => a.source === 'concept').map((a) => a.stems.join(' '));

    it('reads a name built on a concept word as that concept ("grammarly" → grammar)', () => {
      const plan = planQuery('grammarly', vocabularyOf(['proofreading']), { loose: true });
      expect(conceptStems(plan)).toContain(stem('proofreading'));
    });

    it('reads a name built on a misspelt concept word the same way ("grammerly" → grammar)', () => {
      const plan = planQuery('grammerly', vocabularyOf(['proofreading']), { loose: true });
      expect(conceptStems(plan)).toContain(stem('proofreading'));
      // Only when nothing matched: the main search reads it as typed.
      expect(conceptStems(planQuery('grammerly', vocabularyOf(['proofreading'])))).toEqual([]);
    });

    it('does not borrow a concept for a beginning two letters off, or off in its first two', () => {
      expect(conceptStems(planQuery('grommerly', vocabularyOf(['proofreading']), { loose: true }))).toEqual(
        [],
      );
      expect(conceptStems(planQuery('grimmerly', vocabularyOf(['proofreading']), { loose: true }))).toEqual(
        [],
      );
      expect(conceptStems(planQuery('qrammarly', vocabularyOf(['proofreading']), { loose: true }))).toEqual(
        [],
      );
    });
  });

  it('keeps two known words apart', () => {
    const plan = planQuery('note taker', vocabularyOf(['note', 'taker', 'notetaker']));
    expect(plan.words).toEqual(['note', 'taker']);
  });

  describe('with word associations (measured, not kept)', () => {
    afterEach(() => setFeatures({}));

    it('adds the associations of a word that agents have, weaker than a synonym, never a word of the query', () => {
      setFeatures({ associations: true });
      const plan = planQuery('marketing selling', vocabularyOf(['marketing', 'selling', 'merchandise']));
      const marketing = plan.groups.find((group) => group.words[0] === 'marketing')!;
      const associated = marketing.alternatives.filter((a) => a.source === 'association');
      expect(associated.map((a) => a.stems[0])).toEqual([stem('merchandise')]);
      // "selling", a WordNet relation of marketing, is a word of the query: its own group reads it.
      expect(associated.map((a) => a.stems[0])).not.toContain(stem('selling'));
      for (const a of associated) expect(a.weight).toBeLessThan(WEIGHTS.concept);
    });

    it('adds none when switched off, and none that no agent has', () => {
      const off = planQuery('marketing', vocabularyOf(['marketing', 'merchandise']));
      expect(off.groups[0]!.alternatives.some((a) => a.source === 'association')).toBe(false);
      setFeatures({ associations: true });
      const on = planQuery('marketing', vocabularyOf(['marketing']));
      expect(on.groups[0]!.alternatives.some((a) => a.source === 'association')).toBe(false);
    });
  });

  it('numbers the parts of a use case in several parts when the part reward is on', () => {
    const words = ['draft', 'contracts', 'track', 'renewal', 'dates'];
    expect(planQuery('draft contracts and track renewal dates', vocabularyOf(words)).partOf).toBeUndefined();
    setFeatures({ partCoverage: true });
    const plan = planQuery(
      'draft contracts and track renewal dates',
      vocabularyOf(['draft', 'contracts', 'track', 'renewal', 'dates']),
    );
    expect(plan.partOf).toEqual([0, 0, 1, 1, 1]);
    setFeatures({});
  });

  describe('a misspelt concept word no agent uses (conceptTypos)', () => {
    afterEach(() => setFeatures({}));
    // "thumbnails" is in the concept list (graphic design), not in this catalog.
    const vocabulary = () => vocabularyOf(['youtube', 'graphics', 'posters']);

    it('is read as the concept word, with its concept, when switched on', () => {
      const off = planQuery('youtube thumbnials', vocabulary());
      expect(off.groups.map((group) => group.meant)).toEqual([['youtube'], ['thumbnials']]);
      setFeatures({ conceptTypos: true });
      const on = planQuery('youtube thumbnials', vocabulary());
      const group = on.groups.find((g) => g.words[0] === 'thumbnials')!;
      expect(group.meant).toEqual(['thumbnails']);
      expect(group.alternatives.some((a) => a.source === 'concept' && a.stems[0] === stem('posters'))).toBe(
        true,
      );
    });

    it('is not read into a concept word it is no plausible slip of, or more letters off than its budget', () => {
      setFeatures({ conceptTypos: true });
      // "thumbnxyls": two letters replaced by keys far from those meant; "thumbs": four letters short.
      for (const typed of ['thumbnxyls', 'thumbs'])
        expect(planQuery(typed, vocabulary()).groups[0]!.meant).toEqual([typed]);
    });
  });
});
