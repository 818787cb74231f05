import type { ProviderAnalyticsAnswer } from '../api/get-provider-analytics';
import { ALL_AGENTS, countOf, totalsOf, weekLabel, weeklyOf } from './analytics-data';

const none = { appeared: 0, opened: 0, clicked: 0, compared: 0, contacted: 0 };

const answer: ProviderAnalyticsAnswer = {
  success: true,
  weeks: ['2026-11-09', '2026-11-16'],
  agents: [
    {
      id: 'a1',
      name: 'One',
      totals: { ...none, appeared: 5, clicked: 1 },
      weekly: [
        { week: '2026-11-09', ...none, appeared: 2 },
        { week: '2026-11-16', ...none, appeared: 3, clicked: 1 },
      ],
    },
    {
      id: 'a2',
      name: 'Two',
      totals: { ...none, appeared: 4 },
      weekly: [
        { week: '2026-11-09', ...none, appeared: 4 },
        { week: '2026-11-16', ...none },
      ],
    },
  ],
};

describe('weeklyOf', () => {
  it('sums every agent week by week', () => {
    expect(weeklyOf(answer, ALL_AGENTS)).toEqual([
      { week: '2026-11-09', ...none, appeared: 6 },
      { week: '2026-11-16', ...none, appeared: 3, clicked: 1 },
    ]);
  });

  it('answers one agent on its own, and zeros for an agent it does not know', () => {
    expect(weeklyOf(answer, 'a2').map((week) => week.appeared)).toEqual([4, 0]);
    expect(weeklyOf(answer, 'gone')).toEqual([
      { week: '2026-11-09', ...none },
      { week: '2026-11-16', ...none },
    ]);
  });
});

describe('totalsOf', () => {
  it('adds the weeks up', () => {
    expect(totalsOf(weeklyOf(answer, ALL_AGENTS))).toEqual({ ...none, appeared: 9, clicked: 1 });
  });
});

describe('labels', () => {
  it('names a week by its Monday, and a count with its noun', () => {
    expect(weekLabel('2026-11-16')).toBe('Nov 16');
    expect(countOf('clicked', 1)).toBe('1 click');
    expect(countOf('appeared', 1200)).toBe('1,200 appearances');
  });
});
