import type { GroupMatch } from './anatomy';
import { DESCRIPTION_FIELD, emptyTerms } from './document-terms';
import { FEATURE_NAMES, featuresOf, type QueryContext } from './features';

// The learned ranker's features (off as the product runs): specificCoverage weighs each matched group
// also by its English specificity, so a document matching only the common-English part of a query
// ("reads") covers less of it than one matching its rare part ("pdfs").

const context: QueryContext = {
  terms: {
    stems: ['read', 'pdf'],
    slotOf: new Map([
      ['read', 0],
      ['pdf', 1],
    ]),
    groups: [[], []],
  },
  importance: [1, 1],
  idf: Float64Array.from([1, 1]),
  partOf: [0, 0],
  parts: 1,
  intent: { roles: null, categories: null },
  focus: [1, 1],
  specificity: [0.25, 1],
};
const signals = {
  relativeScore: 0.5,
  nameBoost: 1,
  roleNamed: false,
  roleShare: 0,
  phraseOutOfOrder: false,
  intentRole: 0,
  intentCategory: 0,
};
const inDescription = 1 << DESCRIPTION_FIELD;
const matched: GroupMatch = {
  best: { stems: ['x'], weight: 1, source: 'literal' },
  fields: inDescription,
  typedFields: inDescription,
  relatedFields: 0,
};
const missed: GroupMatch = { best: null, fields: 0, typedFields: 0, relatedFields: 0 };
const feature = (values: Float64Array, name: (typeof FEATURE_NAMES)[number]) =>
  values[FEATURE_NAMES.indexOf(name)]!;

describe('learned-ranker features', () => {
  it('counts a match of the common-English part of the query less in specificCoverage than plain coverage', () => {
    const common = featuresOf(context, emptyTerms(2), [matched, missed], signals);
    const rare = featuresOf(context, emptyTerms(2), [missed, matched], signals);
    expect(feature(common, 'coverage')).toBe(0.5);
    expect(feature(rare, 'coverage')).toBe(0.5);
    expect(feature(common, 'specificCoverage')).toBeCloseTo(0.25 / 1.25);
    expect(feature(rare, 'specificCoverage')).toBeCloseTo(1 / 1.25);
    expect(feature(rare, 'scoreBySpecificCoverage')).toBeCloseTo(0.5 / 1.25);
  });
});
