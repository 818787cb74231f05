import { meiliSynonyms } from '../query/concepts';
import { indexSettings, indexSynonyms, settingsFingerprint } from './settings';
import { defaultFeatures, featuresOnExcept } from './testing/features';

describe('Meilisearch index settings', () => {
  it('weighs fields, filters, sorts and tolerates typos as the port and the embedded engine do', () => {
    const settings = indexSettings();
    expect(settings).toMatchObject({
      searchableAttributes: ['name', 'role', 'category', 'description', 'provider'],
      filterableAttributes: [
        'id',
        'category',
        'role',
        'provider',
        'pricing',
        // The structured profile's facts (issue 28) and its starting price per month.
        'integrations',
        'languages',
        'deployment',
        'certifications',
        'free_trial',
        'price_monthly',
        'starting_price_monthly',
      ],
      sortableAttributes: ['name', 'price_monthly', 'created_at'],
      displayedAttributes: ['*'],
      typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
      pagination: { maxTotalHits: 10000 },
    });
    expect(settings.rankingRules).toEqual(['words', 'sort', 'typo', 'proximity', 'attribute', 'exactness']);
    expect(settings.synonyms).toEqual(indexSynonyms());
    expect(settings.synonyms?.accounting).toContain('bookkeeper');
  });

  it('orders facet values by count, so past 200 values the most used are kept, not the first from A to Z', () => {
    expect(indexSettings().faceting).toEqual({ maxValuesPerFacet: 200, sortFacetValuesBy: { '*': 'count' } });
  });

  it('gives Meilisearch no synonym term longer than three words, which it would never look up', () => {
    const terms = Object.keys(indexSettings().synonyms ?? {});
    expect(terms.filter((term) => term.split(' ').length > 3)).toEqual([]);
    // Each long phrase is still reached, as a value, from the shorter phrases of its concept.
    const longPhrases = Object.keys(meiliSynonyms()).filter((term) => term.split(' ').length > 3);
    expect(longPhrases).toContain('extract data from websites');
    for (const phrase of longPhrases)
      expect(Object.values(indexSettings().synonyms ?? {}).some((values) => values.includes(phrase))).toBe(
        true,
      );
  });

  it('fingerprints the settings the same way whatever the order of their keys, and differently when one changes', () => {
    const settings = indexSettings();
    const reordered = Object.fromEntries(Object.entries(settings).reverse());
    expect(settingsFingerprint(reordered)).toBe(settingsFingerprint(settings));
    expect(settingsFingerprint({ ...settings, pagination: { maxTotalHits: 1000 } })).not.toBe(
      settingsFingerprint(settings),
    );
    expect(settingsFingerprint()).toMatch(/^[0-9a-f]{16}$/);
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
