import { planQuery, type Vocabulary } from '../query/plan';
import { phraseOrderFactor } from './phrase-order';

const vocabulary: Vocabulary = { documentFrequency: () => 1, corrections: () => [], completions: () => [] };
const doc = (description: string) => ({
  document: {
    id: '1',
    name: 'X',
    provider: 'P',
    category: 'C',
    role: 'R',
    description,
    cost: '',
    address: '',
    pricing: 'unknown' as const,
    price_monthly: null,
  },
});

describe('phraseOrderFactor', () => {
  const plan = planQuery('speech to text', vocabulary);
  it('keeps documents where the phrase reads in order', () => {
    expect(phraseOrderFactor(doc('Fast speech-to-text API'), plan, 0.5)).toBe(1);
  });
  it('penalises documents that hold the words only in the other order', () => {
    expect(phraseOrderFactor(doc('Natural text-to-speech voices'), plan, 0.5)).toBe(0.5);
  });
  it('does not penalise a document that matches another reading of the phrase', () => {
    expect(phraseOrderFactor(doc('Text to speech and transcription'), plan, 0.5)).toBe(1);
  });
});
