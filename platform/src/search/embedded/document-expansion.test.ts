import { searchDocument } from '../contract';
import { setFeatures } from '../query/features';
import { EXPANSION, ExpansionModel } from './document-expansion';
import { analyse } from './document-weights';
import { executeSearch } from './execute';
import { InvertedIndex } from './inverted-index';
import { Scratch } from './scratch';
import { analysisSignature } from './snapshot/analysis-signature';

// Document expansion from the catalog's co-occurrence (docExpansion), measured for issue 27 and not
// kept (BENCHMARKS.md). Off, the index and its snapshot signature are as before.

// Three agents say "zorbling" beside "quix" and "flem"; a fourth says only "quix" and "flem". Thirty
// others make those words rare enough to tell a job apart.
const catalog = () => [
  ...['Alpha', 'Beta', 'Gamma'].map((name) =>
    searchDocument(name, {
      name,
      role: 'Helper',
      category: 'Misc',
      description: 'Zorbling with quix and flem.',
    }),
  ),
  searchDocument('delta', {
    name: 'Delta',
    role: 'Helper',
    category: 'Misc',
    description: 'Quix and flem daily.',
  }),
  ...Array.from({ length: 30 }, (_, i) =>
    searchDocument(`other-${i}`, {
      name: `Other ${i}`,
      role: 'Helper',
      category: 'Misc',
      description: 'Another job.',
    }),
  ),
];

/** A bulk-loaded index (as a serving process loads one), searched for `query`. */
function search(query: string) {
  const index = new InvertedIndex();
  index.load(catalog());
  return executeSearch(index, new Scratch(), { query, highlight: true }).hits;
}

describe('document expansion from the catalog (docExpansion)', () => {
  afterEach(() => setFeatures({}));

  it('adds to a document the rare words that go with its own across the catalog, none it has', () => {
    const documents = catalog();
    const model = new ExpansionModel(documents.map(analyse));
    const delta = model.expand(analyse(documents[3]!));
    expect(delta.map((entry) => entry.stem)).toEqual(['zorbl']);
    expect(delta[0]!.strength).toBeGreaterThanOrEqual(EXPANSION.minStrength);
    expect(model.expand(analyse(documents[0]!))).toEqual([]);
  });

  it('finds an agent through a word its neighbours in the catalog use, after those who say it, unhighlighted', () => {
    expect(search('zorbling').map((hit) => hit.document.name)).not.toContain('Delta');
    setFeatures({ docExpansion: true });
    const hits = search('zorbling');
    expect(hits.map((hit) => hit.document.name).indexOf('Delta')).toBe(3);
    expect(JSON.stringify(hits[3]!.highlight ?? {})).not.toMatch(/zorbl/i);
  });

  it('changes the snapshot signature only when on', () => {
    const before = analysisSignature();
    setFeatures({ docExpansion: true });
    expect(analysisSignature()).not.toBe(before);
    setFeatures({});
    expect(analysisSignature()).toBe(before);
  });
});
