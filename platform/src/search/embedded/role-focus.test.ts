import { searchDocument } from '../contract';
import { setFeatures } from '../query/features';
import { planQuery } from '../query/plan';
import { SPECIFICITY } from '../query/term-specificity';
import { weightedRolePosterior } from './catalog-intent';
import { executeSearch } from './execute';
import { InvertedIndex } from './inverted-index';
import { ROLE_FOCUS, stemFocus, weighByCatalog, weighByRoleFocus } from './role-focus';
import { Scratch } from './scratch';

// Query-term importance from the catalog's roles (roleFocus, off: measured, not kept — BENCHMARKS.md).
// "ledgers" is said by three bookkeepers only; "widgets" by one agent of each of four roles.
const catalog = () => {
  const documents = [
    ...['Abacus', 'Tally', 'Sum'].map((name) =>
      searchDocument(name.toLowerCase(), {
        name,
        role: 'Bookkeeper',
        category: 'Finance',
        description: `${name} balances ledgers.`,
      }),
    ),
  ];
  for (const [name, role] of [
    ['Quill', 'Writer'],
    ['Lens', 'Photographer'],
    ['Beat', 'Composer'],
    ['Pint', 'Bookkeeper'],
  ] as const)
    documents.push(
      searchDocument(name.toLowerCase(), { name, role, category: 'Misc', description: 'Widgets for you.' }),
    );
  return documents;
};

describe('query-term importance from the catalog roles (roleFocus)', () => {
  const settings = { ...ROLE_FOCUS };
  const specificity = { ...SPECIFICITY };
  afterEach(() => {
    setFeatures({});
    Object.assign(ROLE_FOCUS, settings);
    Object.assign(SPECIFICITY, specificity);
  });

  it('finds a word its agents share a role for focused, and one spread over every role not', () => {
    const index = new InvertedIndex();
    index.load(catalog());
    Object.assign(ROLE_FOCUS, { doubt: 0 });
    expect(stemFocus(index, index.stemId('ledger'))).toBe(1);
    expect(stemFocus(index, index.stemId('widget'))).toBe(0);
    expect(stemFocus(index, index.stemId('nowhere'))).toBeNull();
  });

  it('weighs the generic part of a query of several parts less, only when on', () => {
    const index = new InvertedIndex();
    index.load(catalog());
    Object.assign(ROLE_FOCUS, { least: 0.5, power: 1, doubt: 0 });
    const weights = () => {
      const plan = planQuery('widgets ledgers', index.vocabulary.asVocabulary());
      weighByRoleFocus(index, plan);
      return plan.groups.map((group) => [group.words.join(' '), group.specificity ?? 1]);
    };
    expect(weights()).toEqual([
      ['widgets', 1],
      ['ledgers', 1],
    ]);
    setFeatures({ roleFocus: true });
    expect(weights()).toEqual([
      ['widgets', 0.5],
      ['ledgers', 1],
    ]);
    const alone = planQuery('widgets', index.vocabulary.asVocabulary());
    weighByRoleFocus(index, alone);
    expect(alone.groups[0]!.specificity).toBeUndefined();
  });

  it('ranks a bookkeeper saying the job word above a writer saying the generic word over and over', () => {
    const index = new InvertedIndex();
    index.load([
      ...catalog(),
      searchDocument('echo', {
        name: 'Echo',
        role: 'Writer',
        category: 'Misc',
        description: 'Widgets, widgets, widgets and ledgers, widgets galore.',
      }),
      searchDocument('pip', {
        name: 'Pip',
        role: 'Bookkeeper',
        category: 'Finance',
        description: 'Keeps ledgers of the widgets you sell, with notes on every sale made.',
      }),
    ]);
    const order = () =>
      executeSearch(index, new Scratch(), { query: 'widgets ledgers', hitsPerPage: 10 }).hits.map(
        (hit) => hit.document.id,
      );
    const above = (a: string, b: string) => order().indexOf(a) < order().indexOf(b);
    expect(above('echo', 'abacus')).toBe(true);
    setFeatures({ roleFocus: true });
    Object.assign(ROLE_FOCUS, { least: 0, power: 1, doubt: 0 });
    expect(above('abacus', 'echo')).toBe(true);
  });

  it("gives termSpecificity's common words back their weight as far as the catalog's agents use them for one job", () => {
    // "balances" and "widgets" are both common English words; the bookkeepers alone say "balances".
    const index = new InvertedIndex();
    index.load(
      catalog().map((document) => ({
        ...document,
        description: document.description.replace('balances ledgers', 'balances ledgers, balances'),
      })),
    );
    Object.assign(ROLE_FOCUS, { doubt: 0 });
    const weights = () => {
      const plan = planQuery('balances widgets', index.vocabulary.asVocabulary());
      weighByCatalog(index, plan);
      return plan.groups.map((group) => group.specificity ?? 1);
    };
    setFeatures({ termSpecificity: true });
    const english = weights();
    expect(english[0]).toBeLessThan(1);
    Object.assign(SPECIFICITY, { rescue: 1 });
    expect(weights()).toEqual([1, english[1]]);
    Object.assign(SPECIFICITY, { rescue: 1, minGroups: 3 });
    expect(weights()).toEqual([1, 1]);
  });

  it("gives termSpecificity's weight back to a word of a role's name when asked", () => {
    const index = new InvertedIndex();
    index.load(catalog());
    const weights = (isRoleWord: (stemmed: string) => boolean) => {
      const plan = planQuery('balances widgets', index.vocabulary.asVocabulary());
      weighByCatalog(index, plan, isRoleWord);
      return plan.groups.map((group) => group.specificity ?? 1);
    };
    setFeatures({ termSpecificity: true });
    const english = weights(() => true);
    expect(english[0]).toBeLessThan(1);
    expect(english[1]).toBeLessThan(1);
    Object.assign(SPECIFICITY, { roleWords: 1 });
    expect(weights((stemmed) => stemmed === 'widget')).toEqual([english[0], 1]);
  });

  it("gives termSpecificity's weight back to a part no agent has a typed word of (absent), as it matches by concepts alone", () => {
    const index = new InvertedIndex();
    index.load(catalog());
    const weights = () => {
      const plan = planQuery('balances court', index.vocabulary.asVocabulary());
      weighByCatalog(index, plan);
      return plan.groups.map((group) => group.specificity ?? 1);
    };
    setFeatures({ termSpecificity: true });
    const english = weights();
    expect(index.documentFrequency('court')).toBe(0);
    expect(english[1]).toBeLessThan(1);
    Object.assign(SPECIFICITY, { absent: 1 });
    expect(weights()).toEqual([english[0], 1]);
  });

  it("takes termSpecificity's weights back where catalogIntent is sure of the query's role (maxRoleConfidence)", () => {
    const index = new InvertedIndex();
    index.load(catalog());
    const plan = () => planQuery('balances widgets', index.vocabulary.asVocabulary());
    const weights = () => {
      const planned = plan();
      weighByCatalog(index, planned);
      return planned.groups.map((group) => group.specificity);
    };
    const unweighed = weights();
    setFeatures({ termSpecificity: true });
    const english = weights();
    expect(english).not.toEqual(unweighed);
    const top = Math.max(...weightedRolePosterior(index, plan(), () => 1)!);
    Object.assign(SPECIFICITY, { maxRoleConfidence: top + 1e-9 });
    expect(weights()).toEqual(english);
    Object.assign(SPECIFICITY, { maxRoleConfidence: top });
    expect(weights()).toEqual(unweighed);
  });
});
