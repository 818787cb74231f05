import { shortenLongPhrases } from './long-phrases';
import { indexSynonyms } from './settings';
import { defaultFeatures, featuresOnExcept } from './testing/features';

afterEach(defaultFeatures);

describe('shortenLongPhrases', () => {
  it('replaces a concept phrase of four words or more by a short phrase of its concept, which Meilisearch looks up', () => {
    expect(shortenLongPhrases('extract data from websites')).toBe('web scraping');
    expect(shortenLongPhrases('I need End-to-end tests for my app')).toBe('I need testing for my app');
    // The short phrase's synonyms hold the long one, so agents saying it still match.
    expect(indexSynonyms()['web scraping']).toContain('extract data from websites');
  });

  it('leaves a query without such a phrase as typed, and a phrase cut short alone', () => {
    expect(shortenLongPhrases('answer customer emails in Spanish')).toBe('answer customer emails in Spanish');
    expect(shortenLongPhrases('extract data from')).toBe('extract data from');
  });

  it('leaves the query alone when the concepts ablation turns concepts off', () => {
    featuresOnExcept({ concepts: false });
    expect(shortenLongPhrases('extract data from websites')).toBe('extract data from websites');
  });
});
