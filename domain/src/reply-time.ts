// How quickly a provider answers contact and demo requests (issue 28, item 5), from real replies:
// the provider's inbox shows the median time to a first reply, and an agent's page may say
// "Usually replies within a day". Written once for the server (which computes it) and the client.
//
// Counted per employer, not per request: an employer who asked three times counts once (their
// first request in the sample), so one busy employer cannot make a provider look fast or slow. A
// request still unanswered counts as not answered within a day once a day has passed; a younger
// unanswered request says nothing yet and is left out. The badge needs REPLY_BADGE_MIN_EMPLOYERS
// employers, so two lucky answers never earn it.

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Distinct employers whose requests the agent page's "usually replies within a day" needs. */
export const REPLY_BADGE_MIN_EMPLOYERS = 5;
/** The provider's newest requests the figures are computed from. */
export const REPLY_TIME_SAMPLE = 200;
export const REPLY_BADGE_TEXT = 'Usually replies within a day';

export interface RequestTiming {
  employer_id: string;
  created_at: string;
  /** When the first reply came; null while unanswered. */
  first_reply_at: string | null;
}

export interface ReplyTimeSummary {
  /** Distinct employers counted (after leaving out requests younger than a day without a reply). */
  employers: number;
  /** Of them, how many got a reply. */
  answered: number;
  /** The median time to a first reply over the answered ones, in minutes; null when none was answered. */
  median_minutes: number | null;
  /** Enough employers, and more than half of them answered within a day. */
  usually_within_day: boolean;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `timings` newest first, as the store answers them (ContactRequestRepository.timings). */
export function replyTimeSummary(timings: readonly RequestTiming[], now: number): ReplyTimeSummary {
  // Each employer's first request (the earliest in the sample). Two sent in the same millisecond
  // have the same created_at: the one listed later (sent first) wins the tie.
  const first = new Map<string, RequestTiming>();
  for (const timing of timings) {
    const seen = first.get(timing.employer_id);
    if (!seen || timing.created_at <= seen.created_at) first.set(timing.employer_id, timing);
  }
  const waits: number[] = [];
  let employers = 0;
  let withinDay = 0;
  for (const timing of first.values()) {
    const asked = Date.parse(timing.created_at);
    if (timing.first_reply_at === null) {
      if (now - asked < DAY_MS) continue;
      employers += 1;
      continue;
    }
    employers += 1;
    const wait = Math.max(0, Date.parse(timing.first_reply_at) - asked);
    waits.push(wait);
    if (wait <= DAY_MS) withinDay += 1;
  }
  const middle = median(waits);
  return {
    employers,
    answered: waits.length,
    median_minutes: middle === null ? null : Math.round(middle / 60_000),
    usually_within_day: employers >= REPLY_BADGE_MIN_EMPLOYERS && withinDay * 2 > employers,
  };
}

/** "12 minutes", "3 hours", "2 days": a median reply time for people. */
export function formatReplyTime(minutes: number): string {
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.round(hours / 24);
  return `${days} days`;
}
