import { planQuery, type Vocabulary } from '../query/plan';
import { InvertedIndex } from './inverted-index';
import { phraseOrderChecker } from './phrase-order';

const vocabulary: Vocabulary = { documentFrequency: () => 1, corrections: () => [], completions: () => [] };
const factorNamed = (name: string, description: string) => {
  const index = new InvertedIndex();
  index.load([
    {
      id: '1',
      name,
      provider: 'P',
      category: 'C',
      role: 'R',
      description,
      cost: '',
      address: '',
      pricing: 'unknown' as const,
      price_monthly: null,
    },
  ]);
  return phraseOrderChecker(index, planQuery('audio to text', vocabulary), 0.5)!(0);
};
const factor = (description: string) => factorNamed('X', description);

describe('phraseOrderChecker', () => {
  it('keeps documents where the phrase reads in order', () => {
    expect(factor('Fast audio-to-text API')).toBe(1);
  });
  it('penalises documents that hold the words only in the other order', () => {
    expect(factor('Natural text-to-audio voices')).toBe(0.5);
  });
  it('does not read a phrase across two fields', () => {
    // "audio" ends the name and "text" opens the description: the phrase is in neither field.
    expect(factorNamed('Audio', 'Text processing')).toBe(0.5);
  });
  it('does not penalise a document that matches another reading of the phrase', () => {
    expect(factor('Text to audio and transcription')).toBe(1);
  });
});
