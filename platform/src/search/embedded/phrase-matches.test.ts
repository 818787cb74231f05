import { PHRASE_MEMORY, PhraseMatches } from './phrase-matches';
import { Postings } from './postings';

// Where a phrase's words meet must be what walking the postings finds, kept only while the
// postings are the same: a list that grew, or was written anew, is walked again.

function postingsOf(docs: number[], inName: number[] = []): Postings {
  const list = new Postings();
  for (const doc of docs) list.push(doc, 1, 0.5, inName.includes(doc));
  return list;
}

/** The documents at the meeting positions of the first list, and whether every list agrees. */
function meetingDocs(matches: PhraseMatches, key: string, lists: Postings[]): number[] {
  const { positions, count } = matches.of(key, lists);
  const docs: number[] = [];
  for (let j = 0; j < count; j++) {
    const at = (k: number) => {
      const raw = lists[k]!.entries[positions[k]![j]!]!;
      return raw < 0 ? ~raw : raw;
    };
    for (let k = 1; k < lists.length; k++) expect(at(k)).toBe(at(0));
    docs.push(at(0));
  }
  return docs;
}

describe('PhraseMatches', () => {
  it('finds the documents holding every word, names marked or not', () => {
    const matches = new PhraseMatches();
    const social = postingsOf([1, 3, 5, 8, 13, 21], [5]);
    const media = postingsOf([2, 3, 4, 5, 6, 7, 8, 9, 21, 40], [3]);
    expect(meetingDocs(matches, 'social media', [social, media])).toEqual([3, 5, 8, 21]);
  });

  it('finds them across three lists, and none when one list ends early', () => {
    const matches = new PhraseMatches();
    const a = postingsOf([1, 2, 3, 10, 20]);
    const b = postingsOf([2, 3, 4, 10, 20, 30]);
    const c = postingsOf([3, 10, 11, 20]);
    expect(meetingDocs(matches, 'a b c', [a, b, c])).toEqual([3, 10, 20]);
    expect(meetingDocs(matches, 'a x', [a, postingsOf([0])])).toEqual([]);
  });

  it('answers from memory while the lists are the same, and walks them again once one grew', () => {
    const matches = new PhraseMatches();
    const speech = postingsOf([1, 4, 9]);
    const text = postingsOf([4, 9, 12]);
    const first = matches.of('speech text', [speech, text]);
    expect(matches.of('speech text', [speech, text])).toBe(first);
    speech.push(12, 1, 0.5, false);
    expect(meetingDocs(matches, 'speech text', [speech, text])).toEqual([4, 9, 12]);
  });

  it('does not take the meetings of other lists read under the same phrase', () => {
    const matches = new PhraseMatches();
    matches.of('voice clone', [postingsOf([1, 2]), postingsOf([2, 3])]);
    // A rebuilt index: new lists of the same lengths.
    expect(meetingDocs(matches, 'voice clone', [postingsOf([5, 6]), postingsOf([5, 7])])).toEqual([5]);
  });

  it('keeps at most the positions its memory allows, dropping the least recently used first', () => {
    const saved = { ...PHRASE_MEMORY };
    PHRASE_MEMORY.maxPositions = 8;
    try {
      const matches = new PhraseMatches();
      const lists = (offset: number) => [postingsOf([offset, offset + 1]), postingsOf([offset, offset + 1])];
      const one = lists(0);
      const two = lists(10);
      const three = lists(20);
      const first = matches.of('one', one);
      matches.of('two', two);
      // 'one' is used again, so 'two' is the oldest when 'three' needs room (4 positions each).
      expect(matches.of('one', one)).toBe(first);
      const second = matches.of('three', three);
      expect(matches.of('one', one)).toBe(first);
      expect(matches.of('three', three)).toBe(second);
      const twoAgain = matches.of('two', two);
      expect(meetingDocs(matches, 'two', two)).toEqual([10, 11]);
      expect(twoAgain.count).toBe(2);
    } finally {
      Object.assign(PHRASE_MEMORY, saved);
    }
  });
});
