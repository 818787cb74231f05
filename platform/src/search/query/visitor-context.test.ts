import { wholeWords } from '../analysis/tokenize';
import { setFeatures } from './features';
import { planQuery, type Vocabulary } from './plan';
import { contextWords, VISITOR_CONTEXT } from './visitor-context';

const vocabulary: Vocabulary = {
  documentFrequency: () => 1,
  corrections: () => [],
  completions: () => [],
};
const weightsOf = (query: string) =>
  Object.fromEntries(planQuery(query, vocabulary).groups.map((g) => [g.words.join(' '), g.specificity ?? 1]));

describe('the visitor context', () => {
  afterEach(() => setFeatures({}));

  it('reads a preposition before a possessive as the start of where the visitor works', () => {
    expect([...contextWords(wholeWords('hire an ai video editor for my youtube channel'))]).toEqual([
      'youtube',
      'channel',
    ]);
    expect([...contextWords(wholeWords('book demos on our team calendar'))]).toEqual(['team', 'calendar']);
  });

  it('ends the phrase where another part of the request begins', () => {
    expect([...contextWords(wholeWords('chatbot for my restaurant website to take reservations'))]).toEqual([
      'restaurant',
      'website',
    ]);
    expect([...contextWords(wholeWords('unit tests for my python code and fixes failing ones'))]).toEqual([
      'python',
      'code',
    ]);
  });

  it('takes no phrase without a possessive, and no word the job itself uses', () => {
    expect(contextWords(wholeWords('write listing descriptions for real estate')).size).toBe(0);
    expect([...contextWords(wholeWords('edit video for my video channel'))]).toEqual(['channel']);
  });

  it('opens a phrase at any preposition only when set to, the word after it included', () => {
    const anyPreposition = VISITOR_CONTEXT.anyPreposition;
    try {
      VISITOR_CONTEXT.anyPreposition = 1;
      expect([...contextWords(wholeWords('assistant for lawyers'))]).toEqual(['lawyers']);
      expect([...contextWords(wholeWords('editor for my channel'))]).toEqual(['channel']);
    } finally {
      VISITOR_CONTEXT.anyPreposition = anyPreposition;
    }
  });

  it('weighs the context groups less only when switched on and something else is asked', () => {
    setFeatures({ visitorContext: false });
    expect(weightsOf('video editor for my youtube channel')).toEqual({
      'video editor': 1,
      youtube: 1,
      channel: 1,
    });
    setFeatures({ visitorContext: true });
    expect(weightsOf('video editor for my youtube channel')).toEqual({
      'video editor': 1,
      youtube: VISITOR_CONTEXT.weight,
      channel: VISITOR_CONTEXT.weight,
    });
    // All of it context: nothing to weigh it against, the weights stay.
    expect(weightsOf('for my youtube channel')).toEqual({ youtube: 1, channel: 1 });
  });
});
