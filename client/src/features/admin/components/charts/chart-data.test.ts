import { OTHER_LABEL, topCategories, weekLabel } from './chart-data';

describe('topCategories', () => {
  it('keeps the 15 largest categories and sums the rest as "Other"', () => {
    const perCategory = Array.from({ length: 20 }, (_, index) => ({ value: `C${index}`, count: index + 1 }));
    const slices = topCategories(perCategory);
    expect(slices).toHaveLength(16);
    expect(slices[0]).toEqual({ label: 'C19', count: 20 });
    expect(slices[14]).toEqual({ label: 'C5', count: 6 });
    // C0..C4 hold 1 + 2 + 3 + 4 + 5 agents.
    expect(slices[15]).toEqual({ label: OTHER_LABEL, count: 15 });
  });

  it('names a single leftover category instead of calling it "Other"', () => {
    const perCategory = Array.from({ length: 16 }, (_, index) => ({ value: `C${index}`, count: index + 1 }));
    const slices = topCategories(perCategory);
    expect(slices).toHaveLength(16);
    expect(slices.map((slice) => slice.label)).not.toContain(OTHER_LABEL);
    expect(slices[15]).toEqual({ label: 'C0', count: 1 });
  });

  it('adds no "Other" when every category fits', () => {
    expect(topCategories([{ value: 'Finance', count: 3 }])).toEqual([{ label: 'Finance', count: 3 }]);
  });
});

describe('weekLabel', () => {
  it('names a week by its Monday, month and day', () => {
    expect(weekLabel('2026-11-16')).toBe('Nov 16');
    expect(weekLabel('2027-01-04')).toBe('Jan 4');
  });
});
