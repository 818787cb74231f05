import { isoWeekLabel } from './iso-week';

describe('ISO week labels', () => {
  it('labels a week by its Monday, and anything else by itself', () => {
    expect(isoWeekLabel('2026-W47')).toBe('Nov 16, 2026');
    expect(isoWeekLabel('2026-11-16')).toBe('2026-11-16');
    expect(isoWeekLabel('2026-W60')).toBe('2026-W60');
  });
});
