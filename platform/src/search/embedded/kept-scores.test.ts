import { searchDocument } from '../contract';
import type { SearchDocument } from '../port';
import { executeSearch } from './execute';
import { InvertedIndex } from './inverted-index';
import { Scratch } from './scratch';

// A search keeps, between searches, where a phrase's words meet and each group of several readings'
// scores (phrase-matches.ts, scorer.ts groupScores). What it keeps must never go stale: after
// agents are added, changed and removed, a search answers as one that kept nothing does.

const QUERIES = [
  'write blog posts for social media',
  'social media manager for instagram',
  'text to speech voice for videos',
  'write',
];

const agent = (id: string, name: string, role: string, description: string) =>
  searchDocument(id, { name, role, description });

const first = [
  agent('1', 'Quill', 'Content Writer', 'Writes blog posts and articles for small businesses.'),
  agent('2', 'Buzz', 'Social Media Manager', 'Plans and schedules social media posts on Instagram.'),
  agent('3', 'Narrator', 'Voice Generator', 'Text to speech with natural voices for explainer videos.'),
  agent('4', 'Tabula', 'Data Analyst', 'Cleans spreadsheets and writes reports.'),
  agent('5', 'Essayist', 'Ghostwriter', 'Ghostwriting of essays, blog content and newsletters.'),
  agent('6', 'Reel Cut', 'Video Editor', 'Edits short clips and reels for social media.'),
];

const later = [
  agent('7', 'Caption Kit', 'Social Media Manager', 'Writes captions and blog posts for social media.'),
  agent('2', 'Buzz', 'Social Media Manager', 'Schedules Instagram posts and writes social media captions.'),
  agent('8', 'Voicebox', 'Voice Generator', 'Speech synthesis and voice cloning for text to speech.'),
];

function answers(index: InvertedIndex, scratch: Scratch) {
  return QUERIES.map((query) => {
    const response = executeSearch(index, scratch, { query, hitsPerPage: 20 });
    return {
      query,
      hits: response.hits.map((hit) => ({ id: hit.document.id, why: hit.why })),
      matchCount: response.matchCount,
      totalHits: response.totalHits,
    };
  });
}

function freshIndex(documents: SearchDocument[]) {
  const index = new InvertedIndex();
  index.load(documents);
  return index;
}

describe('what a search keeps between searches', () => {
  it('answers after writes as a search that kept nothing does', () => {
    const index = freshIndex(first);
    const scratch = new Scratch();
    const before = answers(index, scratch);
    expect(answers(index, scratch)).toEqual(before);
    for (const document of later) index.upsert(document);
    index.remove('4');
    index.remove('6');
    const after = answers(index, scratch);
    expect(after).not.toEqual(before);
    expect(after).toEqual(answers(index, new Scratch()));
  });
});
