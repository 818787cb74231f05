import { searchDocument } from '../contract';
import { planQuery } from '../query/plan';
import { SPECIFICITY } from '../query/term-specificity';
import { InvertedIndex } from './inverted-index';
import { pairCounts, phraseUnits } from './phrase-unit';

// termSpecificity's `phrase` setting (off): two neighbouring query parts the catalog's agents write
// side by side, together far more often than chance.
const index = () => {
  const documents = [
    ['Brief', 'Summarises court rulings for lawyers.'],
    ['Docket', 'Tracks court rulings and deadlines.'],
    ['Ledger', 'Reads bank statements.'],
    ['Quill', 'Writes answers to court questions.'],
    ['Lens', 'Edits photos.'],
    ['Beat', 'Composes music.'],
    ['Pint', 'Answers questions.'],
    ['Tally', 'Rulings archive, no court here.'],
  ].map(([name, description]) =>
    searchDocument(name!.toLowerCase(), {
      name: name!,
      role: 'Assistant',
      category: 'Misc',
      description: description!,
    }),
  );
  const built = new InvertedIndex();
  built.load(documents);
  return built;
};

describe('phrase units from the catalog (termSpecificity phrase)', () => {
  const settings = { ...SPECIFICITY };
  afterEach(() => Object.assign(SPECIFICITY, settings));

  it('counts the agents holding both words and those where they stand side by side', () => {
    expect(pairCounts(index(), 'court', 'rule')).toEqual({ both: 3, adjacent: 2 });
    expect(pairCounts(index(), 'court', 'nowhere')).toEqual({ both: 0, adjacent: 0 });
  });

  it('marks neighbouring parts that make a phrase far above chance, and not the others', () => {
    Object.assign(SPECIFICITY, { phraseLift: 2, phraseMinDocs: 2 });
    const built = index();
    const plan = planQuery('court rulings photos', built.vocabulary.asVocabulary());
    expect(plan.groups.map((group) => group.words.join(' '))).toEqual(['court', 'rulings', 'photos']);
    expect(phraseUnits(built, plan)).toEqual([true, true, false]);
    Object.assign(SPECIFICITY, { phraseMinDocs: 3 });
    expect(phraseUnits(built, plan)).toEqual([false, false, false]);
  });
});
