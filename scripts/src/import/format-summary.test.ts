import { formatSummary } from './format-summary';

const skip = (row: number, name = `Agent ${row}`) => ({ row, name, reason: 'Name is required' });

describe('formatSummary', () => {
  it('When nothing was skipped, then only the counts are printed', () => {
    expect(formatSummary({ added: 3, skipped: [] })).toBe('Added 3 agents, skipped 0.\n');
  });

  it('When one agent was added, then the count reads in the singular', () => {
    expect(formatSummary({ added: 1, skipped: [] })).toBe('Added 1 agent, skipped 0.\n');
  });

  it('When rows were skipped, then each is listed with its row number, name and reason', () => {
    const result = {
      added: 0,
      skipped: [{ row: 12, name: 'Scout', reason: 'Invalid URL format' }, skip(14, '')],
    };

    const text = formatSummary(result);

    expect(text).toBe(
      'Added 0 agents, skipped 2.\nrow 12 (Scout): Invalid URL format\nrow 14: Name is required\n',
    );
  });

  it('When more rows were skipped than the limit, then the rest are counted, not listed', () => {
    const result = { added: 5, skipped: Array.from({ length: 53 }, (_, index) => skip(index + 2)) };

    const lines = formatSummary(result).trimEnd().split('\n');

    expect(lines).toHaveLength(1 + 50 + 1);
    expect(lines[0]).toBe('Added 5 agents, skipped 53.');
    expect(lines[50]).toBe('row 51 (Agent 51): Name is required');
    expect(lines[51]).toBe('… and 3 more');
  });
});
