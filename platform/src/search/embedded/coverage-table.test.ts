import { CoverageMemory, CoverageTable } from './coverage-table';

/** The table as it was filled before: every mask up front. */
function eager(importance: number[], power: number) {
  const size = 1 << importance.length;
  const total = importance.reduce((sum, value) => sum + value, 0) || 1;
  return Array.from({ length: size }, (_, mask) => {
    let covered = 0;
    for (let g = 0; g < importance.length; g++) if (mask & (1 << g)) covered += importance[g]!;
    return { coverage: covered / total, weight: (covered / total) ** power };
  });
}

describe('CoverageTable', () => {
  it('gives every mask the share and weight the whole table gave, in whatever order masks come', () => {
    const importance = [3.2, 0.4, 1.1, 2.7, 0.05, 1.9];
    const expected = eager(importance, 0.5);
    const table = new CoverageTable(importance, 0.5);
    const masks = expected.map((_, mask) => (mask * 37) % expected.length);
    for (const mask of [...masks, ...masks]) {
      expect(table.coverage(mask)).toBe(expected[mask]!.coverage);
      expect(table.weight(mask)).toBe(expected[mask]!.weight);
    }
    expect(table.allGroups).toBe(63);
  });

  it('answers weight before coverage for a mask met first there, and counts an empty query as covered by nothing', () => {
    const table = new CoverageTable([0, 0], 0.5);
    expect(table.weight(3)).toBe(0);
    expect(table.coverage(3)).toBe(0);
    expect(new CoverageTable([2, 2], 0.5).weight(1)).toBe(0.5 ** 0.5);
  });

  it('When passes share one memory, then each sees only what it worked out itself', () => {
    const memory = new CoverageMemory();
    const first = new CoverageTable([1, 3], 1, memory);
    expect(first.coverage(1)).toBe(0.25);
    const second = new CoverageTable([3, 1], 1, memory);
    expect(second.coverage(1)).toBe(0.75);
    expect(second.weight(2)).toBe(0.25);
    const wider = new CoverageTable([1, 1, 2], 1, memory);
    expect([wider.coverage(1), wider.coverage(4), wider.coverage(7)]).toEqual([0.25, 0.5, 1]);
  });

  it('refuses more groups than it holds', () => {
    expect(() => new CoverageTable(new Array(17).fill(1), 0.5)).toThrow(RangeError);
  });

  it('weighs a use case in several parts by the share of its parts covered, when asked (partCoverage, not kept)', () => {
    // Groups 0-1 are the first part, 2-3 the second.
    const table = new CoverageTable([1, 1, 1, 1], 0.5, new CoverageMemory(), [0b0011, 0b1100], 1);
    expect(table.weight(0b0011)).toBeCloseTo(0.5 ** 0.5 * 0.5);
    expect(table.weight(0b0101)).toBeCloseTo(0.5 ** 0.5);
    expect(table.coverage(0b0011)).toBe(0.5);
    // One part: no part factor.
    expect(new CoverageTable([1, 1], 0.5, new CoverageMemory(), [0b11], 1).weight(0b01)).toBeCloseTo(
      0.5 ** 0.5,
    );
  });
});
