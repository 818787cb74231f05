import { eachFieldStem, FIELD_INDEX } from './word-sequences';

// A document's sequence: stem ids in text order, its fields (name, role, category, description,
// provider) separated by -1; the walk that term feedback, catalog intent and the ranker's document
// terms read it with.
describe('eachFieldStem', () => {
  // name: 7 8 | role: 9 | category: (none) | description: 9 10 9 | provider: 11
  const sequence = Int32Array.from([7, 8, -1, 9, -1, -1, 9, 10, 9, -1, 11]);
  const walk = (from: number, to: number) => {
    const seen: Array<[number, number]> = [];
    eachFieldStem(sequence, from, to, (id, field) => seen.push([id, field]));
    return seen;
  };

  it('gives every stem of every field in text order, repeats included, with its field', () => {
    expect(walk(FIELD_INDEX.name, FIELD_INDEX.provider)).toEqual([
      [7, 0],
      [8, 0],
      [9, 1],
      [9, 3],
      [10, 3],
      [9, 3],
      [11, 4],
    ]);
  });

  it('gives only the fields asked for, an empty one giving nothing', () => {
    expect(walk(FIELD_INDEX.role, FIELD_INDEX.description)).toEqual([
      [9, 1],
      [9, 3],
      [10, 3],
      [9, 3],
    ]);
    expect(walk(FIELD_INDEX.category, FIELD_INDEX.category)).toEqual([]);
  });

  it('places the fields in INDEXED_FIELDS order', () => {
    expect(FIELD_INDEX).toEqual({ name: 0, role: 1, category: 2, description: 3, provider: 4 });
  });
});
