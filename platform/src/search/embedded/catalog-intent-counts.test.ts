import { searchDocument } from '../contract';
import { planQuery } from '../query/plan';
import { catalogIntent } from './catalog-intent';
import { IntentCounts } from './catalog-intent-counts';
import { imageFromBytes, imageToBytes } from './index-image';
import { InvertedIndex } from './inverted-index';
import { UNSLICED } from './time-slices';
import { eachFieldStem, FIELD_INDEX } from './word-sequences';

// catalogIntent's counts kept as documents are added, changed and removed must be those of a pass
// over the live documents: checked against a plain recount written here, independently of
// catalog-intent-counts.ts, after a long seeded sequence of changes, and after a snapshot round trip.

const ROLES = ['Apiarist', 'Allergist', 'Beekeeping Analyst', 'Data Analyst', 'Copywriter'];
const CATEGORIES = ['Farming', 'Health', 'Data & Analytics', 'Marketing'];
const WORDS = 'hives honey pollen sneeze colony data charts copy slogans bees sales reports wax queen'.split(
  ' ',
);

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function documentOf(id: string, next: () => number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const words = Array.from({ length: 2 + Math.floor(next() * 6) }, () => pick(WORDS));
  return searchDocument(id, {
    name: `Agent ${id}`,
    role: pick(ROLES),
    category: pick(CATEGORIES),
    description: `${words.join(' ')}.`,
  });
}

/** The counts a plain pass over the live documents gives, keyed by role id and category words. */
function recount(index: InvertedIndex) {
  const roles = new Map<number, { documents: number; words: number; stems: Map<number, number> }>();
  const categories = new Map<string, { documents: number; words: number; stems: Map<number, number> }>();
  const background = new Map<number, number>();
  let totalWords = 0;
  let documents = 0;
  for (let n = 0; n < index.capacity; n++) {
    if (!index.isAlive(n)) continue;
    documents += 1;
    const stems = new Set<number>();
    const categoryStems: number[] = [];
    eachFieldStem(index.sequenceOf(n), FIELD_INDEX.role, FIELD_INDEX.description, (id, field) => {
      if (field === FIELD_INDEX.category) categoryStems.push(id);
      stems.add(id);
    });
    totalWords += stems.size;
    for (const id of stems) background.set(id, (background.get(id) ?? 0) + 1);
    const classes: Array<[Map<number | string, unknown>, number | string]> = [
      [roles, index.roleIds[n]!],
      [categories, categoryStems.join(' ')],
    ];
    for (const [map, key] of classes) {
      const entry = (map.get(key) ?? { documents: 0, words: 0, stems: new Map() }) as {
        documents: number;
        words: number;
        stems: Map<number, number>;
      };
      map.set(key, entry);
      entry.documents += 1;
      entry.words += stems.size;
      for (const id of stems) entry.stems.set(id, (entry.stems.get(id) ?? 0) + 1);
    }
  }
  return { roles, categories, background, totalWords, documents };
}

/** The same shape read from kept counts (classes with no live document left out). */
function counted(counts: IntentCounts) {
  const read = <K>(classes: IntentCounts['roles'], keyOf: (c: number) => K) => {
    const map = new Map<K, { documents: number; words: number; stems: Map<number, number> }>();
    for (let c = 0; c < classes.count; c++)
      if (classes.documents[c]! > 0)
        map.set(keyOf(c), { documents: classes.documents[c]!, words: classes.words[c]!, stems: new Map() });
    for (const [stem, c, count] of classes.pairs.entries()) map.get(keyOf(c))!.stems.set(stem, count);
    return map;
  };
  const background = new Map<number, number>();
  for (const [stem] of counts.roles.pairs.entries()) background.set(stem, counts.backgroundOf(stem));
  return {
    roles: read(counts.roles, (c) => c),
    categories: read(counts.categories, (c) => counts.categoryKey(c)),
    background,
    totalWords: counts.totalWords,
    documents: counts.documents,
  };
}

function factors(index: InvertedIndex, query: string) {
  const plan = planQuery(query, index.vocabulary.asVocabulary());
  const candidates = [...Array(index.capacity).keys()]
    .filter((n) => index.isAlive(n))
    .map((n) => ({ n, score: 1 + (n % 3) }));
  return catalogIntent(index, plan, candidates, 2);
}

describe("catalogIntent's counts, kept as documents come and go", () => {
  it('equal a recount of the live documents after 600 seeded adds, changes and removals', () => {
    const next = random(27);
    const index = new InvertedIndex();
    index.load(Array.from({ length: 30 }, (_, i) => documentOf(String(i), next)));
    for (let step = 0; step < 600; step++) {
      const id = String(Math.floor(next() * 45));
      if (next() < 0.3) index.remove(id);
      else index.upsert(documentOf(id, next));
    }
    // Every role of a class gone and back: its documents leave and others take a new role id.
    for (let n = 0; n < index.capacity; n++)
      if (index.isAlive(n) && index.document(n)!.role === 'Copywriter') index.remove(index.idOf(n));
    index.upsert(
      searchDocument('copy', { role: 'Copywriter', category: 'Marketing', description: 'slogans' }),
    );
    expect(counted(index.intent)).toEqual(recount(index));
  });

  it('give the factors of counts made afresh from the same index', async () => {
    const next = random(5);
    const index = new InvertedIndex();
    index.load(Array.from({ length: 40 }, (_, i) => documentOf(String(i), next)));
    for (let step = 0; step < 200; step++) {
      const id = String(Math.floor(next() * 50));
      if (next() < 0.3) index.remove(id);
      else index.upsert(documentOf(id, next));
    }
    const queries = ['honey and pollen', 'charts of sales data', 'queen bees wax', 'slogans copy'];
    const kept = queries.map((query) => factors(index, query));
    index.intent = await IntentCounts.of(index, UNSLICED);
    queries.forEach((query, q) => {
      const afresh = factors(index, query)!;
      expect(afresh).not.toBeNull();
      for (const [i, factor] of afresh.entries()) expect(kept[q]![i]).toBeCloseTo(factor, 12);
    });
  });

  it('come with an index read from its snapshot, and go on from there', async () => {
    const next = random(11);
    const index = new InvertedIndex();
    index.load(Array.from({ length: 25 }, (_, i) => documentOf(String(i), next)));
    index.remove('3');
    index.upsert(documentOf('4', next));
    const read = await InvertedIndex.fromImage(await imageFromBytes(imageToBytes(index.image())));
    expect(counted(read.intent)).toEqual(recount(read));
    read.remove('5');
    read.upsert(documentOf('6', next));
    read.upsert(documentOf('new', next));
    expect(counted(read.intent)).toEqual(recount(read));
  });

  it('are counted again when a snapshot written before them has none', async () => {
    const next = random(3);
    const index = new InvertedIndex();
    index.load(Array.from({ length: 25 }, (_, i) => documentOf(String(i), next)));
    index.remove('7');
    const bytes = imageToBytes({ ...index.image(), intent: null });
    const read = await InvertedIndex.fromImage(await imageFromBytes(bytes));
    expect(counted(read.intent)).toEqual(recount(index));
    read.upsert(documentOf('8', next));
    expect(counted(read.intent)).toEqual(recount(read));
  });
});
