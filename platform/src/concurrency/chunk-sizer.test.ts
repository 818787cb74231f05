import { ChunkSizer } from './chunk-sizer';

describe('ChunkSizer', () => {
  const sizer = () => new ChunkSizer({ budgetMs: 10, min: 100, max: 2000 });

  it('starts at the smallest chunk, then sizes the next to the budget at the pace it measured', () => {
    const chunks = sizer();
    expect(chunks.size).toBe(100);
    chunks.record(100, 2.5); // 25 µs an item
    expect(chunks.size).toBe(400);
    chunks.record(400, 20); // slower now: 50 µs an item
    expect(chunks.size).toBe(200);
  });

  it('stays within its bounds however fast or slow the last chunk was', () => {
    const chunks = sizer();
    chunks.record(100, 0);
    expect(chunks.size).toBe(2000);
    chunks.record(2000, 0.001);
    expect(chunks.size).toBe(2000);
    chunks.record(2000, 10_000);
    expect(chunks.size).toBe(100);
  });

  it('ignores an empty chunk and refuses bounds that cannot hold', () => {
    const chunks = sizer();
    chunks.record(0, 50);
    expect(chunks.size).toBe(100);
    expect(() => new ChunkSizer({ budgetMs: 10, min: 10, max: 5 })).toThrow(/min <= max/);
    expect(() => new ChunkSizer({ budgetMs: 0, min: 1, max: 5 })).toThrow(/positive budget/);
  });
});
