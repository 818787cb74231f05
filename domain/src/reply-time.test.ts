import { DAY_MS, formatReplyTime, REPLY_BADGE_MIN_EMPLOYERS, replyTimeSummary } from './reply-time';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const at = (msBefore: number) => new Date(NOW - msBefore).toISOString();
const HOUR = 60 * 60 * 1000;

/** A request by `employer` sent `ago` before now and answered `after` later (null: not answered). */
const asked = (employer: string, ago: number, after: number | null) => ({
  employer_id: employer,
  created_at: at(ago),
  first_reply_at: after === null ? null : at(ago - after),
});

describe('reply time from real replies', () => {
  it('takes the median of the first replies, one request per employer (the first they sent)', () => {
    const summary = replyTimeSummary(
      [
        asked('a', 10 * DAY_MS, 2 * HOUR),
        asked('a', 5 * DAY_MS, 60 * 1000), // a's second request: not counted
        asked('b', 9 * DAY_MS, 4 * HOUR),
        asked('c', 8 * DAY_MS, 30 * HOUR),
      ],
      NOW,
    );
    expect(summary).toEqual({ employers: 3, answered: 3, median_minutes: 240, usually_within_day: false });
  });

  it(`says "usually within a day" only with ${REPLY_BADGE_MIN_EMPLOYERS} employers, more than half answered within a day`, () => {
    const fast = ['a', 'b', 'c', 'd'].map((employer, i) => asked(employer, (i + 2) * DAY_MS, HOUR));
    expect(replyTimeSummary(fast, NOW).usually_within_day).toBe(false);
    const enough = [...fast, asked('e', 3 * DAY_MS, 3 * DAY_MS)];
    expect(replyTimeSummary(enough, NOW)).toMatchObject({ employers: 5, usually_within_day: true });
    const slow = [
      ...enough,
      asked('f', 4 * DAY_MS, null),
      asked('g', 4 * DAY_MS, null),
      asked('h', 5 * DAY_MS, 2 * DAY_MS),
    ];
    expect(replyTimeSummary(slow, NOW)).toMatchObject({
      employers: 8,
      answered: 6,
      usually_within_day: false,
    });
  });

  it("counts an employer's first request when two were sent in the same millisecond (listed newest first)", () => {
    const sameTime = at(5 * DAY_MS);
    const summary = replyTimeSummary(
      [
        { employer_id: 'a', created_at: sameTime, first_reply_at: at(5 * DAY_MS - 30 * HOUR) }, // sent second
        { employer_id: 'a', created_at: sameTime, first_reply_at: at(5 * DAY_MS - 2 * HOUR) }, // sent first
      ],
      NOW,
    );
    expect(summary).toMatchObject({ employers: 1, median_minutes: 120 });
  });

  it('leaves out an unanswered request younger than a day, and counts an older one as not within a day', () => {
    const summary = replyTimeSummary([asked('a', HOUR, null), asked('b', 2 * DAY_MS, null)], NOW);
    expect(summary).toEqual({ employers: 1, answered: 0, median_minutes: null, usually_within_day: false });
  });

  it('words a median for people', () => {
    expect(formatReplyTime(1)).toBe('1 minute');
    expect(formatReplyTime(45)).toBe('45 minutes');
    expect(formatReplyTime(60)).toBe('1 hour');
    expect(formatReplyTime(600)).toBe('10 hours');
    expect(formatReplyTime(3 * 24 * 60)).toBe('3 days');
  });
});
