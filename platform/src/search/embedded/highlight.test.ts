import { searchDocument } from '../contract';
import type { Highlight } from '../port';
import { planQuery, type Vocabulary } from '../query/plan';
import { highlightDocument } from './highlight';

// Highlights mark what carried the match as the person typed it, as whole words.

const vocabulary: Vocabulary = {
  documentFrequency: () => 1,
  corrections: () => [],
  completions: (prefix) => (prefix === 'transl' ? [{ word: 'translates', stem: 'translat' }] : []),
};

const marked = (highlight: Highlight | undefined) =>
  highlight?.parts.filter((part) => part.match).map((part) => part.text) ?? [];

describe('highlights', () => {
  const document = searchDocument('1', {
    name: 'ReplyRanch',
    category: 'Customer Service',
    role: 'Customer Support Agent',
    description: 'Drafts replies to customer emails from your help desk. Translates them too.',
  });

  it('marks whole words only: not "Reply" inside "ReplyRanch"', () => {
    const highlight = highlightDocument(document, planQuery('reply emails', vocabulary));
    expect(marked(highlight.name)).toEqual([]);
    expect(marked(highlight.description)).toEqual(['replies', 'emails']);
  });

  it('marks the words typed, not their synonyms, and never the category label', () => {
    const highlight = highlightDocument(document, planQuery('customer support', vocabulary));
    expect(marked(highlight.role)).toEqual(['Customer', 'Support']);
    // "help desk" is a synonym of customer support: the why line names it, the highlight does not
    // (nor "customer" alone: the phrase typed is not in the description).
    expect(marked(highlight.description)).toEqual([]);
    expect(marked(highlight.category)).toEqual([]);
  });

  it('marks the word being typed as completed', () => {
    const highlight = highlightDocument(document, planQuery('transl', vocabulary, { asYouType: true }));
    expect(marked(highlight.description)).toEqual(['Translates']);
  });

  it('leaves out parts of the query that weigh nothing', () => {
    const plan = planQuery('customer emails', vocabulary);
    const highlight = highlightDocument(document, plan, [false, true]);
    expect(marked(highlight.description)).toEqual(['emails']);
  });
});
