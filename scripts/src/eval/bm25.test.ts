import { bm25Ranker } from './bm25';

const agent = (name: string, description: string, role = 'Assistant') => ({
  name,
  role,
  category: 'Productivity',
  description,
});

describe('bm25Ranker', () => {
  const agents = [
    agent('Ledgerly', 'Keeps your books and reconciles invoices.', 'Bookkeeper'),
    agent('Inkwell', 'Writes blog posts and newsletters.', 'Writer'),
    agent('Quillbot Pro', 'Rewrites and paraphrases text. Writes essays.', 'Writer'),
  ];
  const rank = bm25Ranker(agents);

  it('ranks agents holding the rarer query words first', () => {
    expect(rank('reconciles invoices', 3)).toEqual([0]);
    expect(rank('writes newsletters', 3)[0]).toBe(1);
  });

  it('finds nothing for words no agent has, and ignores stop words', () => {
    expect(rank('zebra', 3)).toEqual([]);
    expect(rank('the and of', 3)).toEqual([]);
  });

  it('returns at most k agents', () => {
    expect(rank('writes', 1)).toHaveLength(1);
  });
});
