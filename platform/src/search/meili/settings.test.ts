import { meiliSynonyms } from '../query/concepts';
import { indexSettings } from './settings';
import { defaultFeatures, featuresOnExcept } from './testing/features';

describe('Meilisearch index settings', () => {
  it('weighs fields, filters, sorts and tolerates typos as the port and the embedded engine do', () => {
    const settings = indexSettings();
    expect(settings).toMatchObject({
      searchableAttributes: ['name', 'role', 'category', 'description', 'provider'],
      filterableAttributes: ['id', 'category', 'role', 'provider', 'pricing', 'price_monthly'],
      sortableAttributes: ['name', 'price_monthly', 'created_at'],
      displayedAttributes: ['*'],
      typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
      faceting: { maxValuesPerFacet: 200 },
      pagination: { maxTotalHits: 10000 },
    });
    expect(settings.rankingRules).toEqual(['words', 'sort', 'typo', 'proximity', 'attribute', 'exactness']);
    expect(settings.synonyms).toEqual(meiliSynonyms());
    expect(settings.synonyms?.accounting).toContain('bookkeeper');
  });

  it('leaves the synonyms out when the concepts ablation turns concepts off', () => {
    featuresOnExcept({ concepts: false });
    try {
      expect(indexSettings().synonyms).toEqual({});
    } finally {
      defaultFeatures();
    }
  });
});
