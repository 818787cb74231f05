import { seededRandom } from '@agentry/domain/testing/seeded-random';
import { FIELD_WEIGHTS, fieldMatchScore, joinedMatchScore } from './basic-search';

// The plain-matching thread scores a candidate from its five fields joined in one lowercased text
// (sqlite/plain-match-texts.ts) in one pass per token; the score must be the sum of each field's
// own (fieldMatchScore), which every adapter's ranking uses.

const LETTERS = 'aab1-. ';

function fieldText(random: () => number): string {
  const length = Math.floor(random() * 12);
  let text = '';
  for (let i = 0; i < length; i++) text += LETTERS[Math.floor(random() * LETTERS.length)];
  return text;
}

describe('the score of one token over the joined fields', () => {
  it('equals the sum of each field’s own score, on thousands of generated texts', () => {
    const random = seededRandom(24);
    for (let round = 0; round < 5000; round++) {
      const fields = FIELD_WEIGHTS.map(() => fieldText(random));
      const text = fields.join(' ');
      const ends: number[] = [];
      let at = -1;
      for (const field of fields) {
        at += 1 + field.length;
        ends.push(at);
      }
      const token = ['a', 'ab', 'b1', 'aa', '1'][Math.floor(random() * 5)]!;
      let expected = 0;
      let from = 0;
      FIELD_WEIGHTS.forEach(([, weight], f) => {
        expected += fieldMatchScore(text, from, ends[f]!, token, weight);
        from = ends[f]! + 1;
      });
      expect([text, token, joinedMatchScore(text, ends, token)]).toEqual([text, token, expected]);
    }
  });

  it('counts a whole word twice a field’s weight, at either edge of a field, once per field', () => {
    // name "ab", role "xab", category "ab-x", description "ab ab", provider "abx"
    const text = 'ab xab ab-x ab ab abx';
    const ends = [2, 6, 11, 17, 21];
    expect(joinedMatchScore(text, ends, 'ab')).toBe(2 * 5 + 3 + 2 * 2 + 2 * 1 + 1);
    expect(joinedMatchScore(text, ends, 'zz')).toBe(0);
  });
});
