import { lexiconOf } from '../lexicon/english-lexicon';
import { setFeatures } from './features';
import { planQuery, type QueryGroup, type Vocabulary } from './plan';
import {
  groupSpecificity,
  headPhraseWords,
  planSpecificities,
  SPECIFICITY,
  wordSpecificity,
} from './term-specificity';

// Ranks: "the" 0, "read" 1, ... "contract" 4, then words 5 … 9 as filler so ranks stay small.
const lexicon = lexiconOf(['the', 'read', 'answer', 'question', 'contract']);

const group = (meant: string[]): QueryGroup => ({ words: meant, meant, alternatives: [] });

describe('term specificity', () => {
  const settings = { ...SPECIFICITY };
  afterEach(() => {
    setFeatures({});
    Object.assign(SPECIFICITY, settings);
  });

  it('weighs a common English word less than a rarer one', () => {
    expect(wordSpecificity('read', lexicon)).toBeLessThan(wordSpecificity('contract', lexicon));
    expect(wordSpecificity('the', lexicon)).toBeLessThan(wordSpecificity('read', lexicon));
    expect(wordSpecificity('the', lexicon)).toBeGreaterThanOrEqual(SPECIFICITY.least);
  });

  it('keeps the whole weight of a word past the common list (rare, a product name, misspelt)', () => {
    expect(wordSpecificity('pdfs', lexicon)).toBe(1);
  });

  it('gives a group of several words the weight of its most specific word', () => {
    expect(groupSpecificity(group(['read', 'pdfs']), lexicon)).toBe(1);
    expect(groupSpecificity(group(['read', 'question']), lexicon)).toBe(wordSpecificity('question', lexicon));
  });

  it('marks the groups of a plan only when switched on and the query has several parts', () => {
    const vocabulary: Vocabulary = {
      documentFrequency: () => 1,
      corrections: () => [],
      completions: () => [],
    };
    expect(planQuery('reads pdfs', vocabulary).groups.every((g) => g.specificity === undefined)).toBe(true);
    setFeatures({ termSpecificity: true });
    const plan = planQuery('reads pdfs', vocabulary);
    expect(plan.groups.map((g) => g.specificity)).toEqual([
      groupSpecificity(plan.groups[0]!),
      groupSpecificity(plan.groups[1]!),
    ]);
    expect(plan.groups.every((g) => g.specificity !== undefined)).toBe(true);
    expect(planQuery('pdfs', vocabulary).groups[0]!.specificity).toBeUndefined();
  });

  it('leaves a query unweighed when every part is common English (minTop), as it cannot tell the job from filler', () => {
    Object.assign(SPECIFICITY, { minTop: 0.6 });
    expect(planSpecificities([group(['read']), group(['answer'])], lexicon)).toBeNull();
    expect(planSpecificities([group(['read']), group(['pdfs'])], lexicon)).toEqual([
      wordSpecificity('read', lexicon),
      1,
    ]);
    Object.assign(SPECIFICITY, { minTop: 0 });
    expect(planSpecificities([group(['read']), group(['answer'])], lexicon)).toEqual([
      wordSpecificity('read', lexicon),
      wordSpecificity('answer', lexicon),
    ]);
  });

  it('reads the head phrase up to the first preposition, conjunction, relative word or comma', () => {
    expect([...headPhraseWords('summarize court rulings')]).toEqual(['summarize', 'court', 'rulings']);
    expect([...headPhraseWords('reads my pdfs and answers questions about contracts')]).toEqual([
      'reads',
      'my',
      'pdfs',
    ]);
    expect([...headPhraseWords('draft a lease agreement, collect e-signatures')]).toEqual([
      'draft',
      'a',
      'lease',
      'agreement',
    ]);
    expect([...headPhraseWords('text patients who missed their appointment')]).toEqual(['text', 'patients']);
  });

  it('gives the head phrase back its share of what commonness took, and nothing when headPhrase is 0', () => {
    Object.assign(SPECIFICITY, { minTop: 0, headPhrase: 0.5 });
    const groups = [group(['read']), group(['answer']), group(['question'])];
    const read = wordSpecificity('read', lexicon);
    const answer = wordSpecificity('answer', lexicon);
    expect(planSpecificities(groups, lexicon, 'read and answer question')).toEqual([
      read + (1 - read) * 0.5,
      answer,
      wordSpecificity('question', lexicon),
    ]);
    expect(planSpecificities(groups, lexicon)).toEqual([read, answer, wordSpecificity('question', lexicon)]);
    Object.assign(SPECIFICITY, { headPhrase: 0 });
    expect(planSpecificities(groups, lexicon, 'read and answer question')).toEqual([
      read,
      answer,
      wordSpecificity('question', lexicon),
    ]);
  });
});
