// Is memory flat over a long run? Samples of the API's memory (all its processes together) are
// judged on the part after warm-up (the last two thirds): the least-squares slope in MB per 10
// minutes, and the mean of the last window against the first window after warm-up (10 minutes, or
// a third of that part on a short run). Writes grow the data a little during a soak (sessions, new
// accounts and agents): what that growth explains is allowed for, and reported beside.

export interface MemorySample {
  /** Minutes since the measured window began. */
  minute: number;
  /** RSS of every API process together. */
  rssMb: number;
}

export interface MemoryVerdict {
  flat: boolean;
  /** Slope of the total RSS over the judged part, MB per 10 minutes. */
  slopeMbPer10Min: number;
  /** What the judged part allows: max(10 MB, 1 % of the mean) plus the data's own growth. */
  allowedMbPer10Min: number;
  windowMinutes: number;
  firstWindowMb: number;
  lastWindowMb: number;
  /** Last window against the first, in per cent. */
  risePercent: number;
  judgedFromMinute: number;
  reason: string;
}

/** Least-squares slope of y over x. */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * `dataGrowthMbPer10Min`: how fast memory may grow because the data grew (e.g. agents added per
 * 10 minutes × the index's MB per agent × the processes that hold a copy).
 */
export function judgeMemory(samples: readonly MemorySample[], dataGrowthMbPer10Min = 0): MemoryVerdict {
  const end = samples.length ? samples[samples.length - 1]!.minute : 0;
  const from = end / 3;
  const judged = samples.filter((sample) => sample.minute >= from);
  const windowMinutes = Math.min(10, (end - from) / 3);
  const first = judged.filter((sample) => sample.minute < from + windowMinutes).map((s) => s.rssMb);
  const last = judged.filter((sample) => sample.minute > end - windowMinutes).map((s) => s.rssMb);
  const perMinute = slope(judged.map((sample) => [sample.minute, sample.rssMb] as const));
  const slopeMbPer10Min = perMinute * 10;
  const allowed = Math.max(10, 0.01 * mean(judged.map((sample) => sample.rssMb))) + dataGrowthMbPer10Min;
  const firstWindowMb = mean(first);
  const lastWindowMb = mean(last);
  const risePercent = firstWindowMb ? ((lastWindowMb - firstWindowMb) / firstWindowMb) * 100 : 0;
  // The rise allowed between the windows: 5 %, plus what the data's growth explains over the gap.
  const gapMinutes = end - windowMinutes - from;
  const allowedRise =
    5 + (firstWindowMb ? ((dataGrowthMbPer10Min * gapMinutes) / 10 / firstWindowMb) * 100 : 0);
  const reasons: string[] = [];
  // A window without samples (a stalled sampler, a run too short) cannot be compared: no verdict.
  if (judged.length < 3 || first.length === 0 || last.length === 0) reasons.push('too few samples to judge');
  if (slopeMbPer10Min > allowed)
    reasons.push(`slope ${round(slopeMbPer10Min)} > ${round(allowed)} MB/10 min`);
  if (risePercent > allowedRise) reasons.push(`last window ${round(risePercent)} % above the first`);
  return {
    flat: reasons.length === 0,
    slopeMbPer10Min: round(slopeMbPer10Min),
    allowedMbPer10Min: round(allowed),
    windowMinutes: round(windowMinutes),
    firstWindowMb: round(firstWindowMb),
    lastWindowMb: round(lastWindowMb),
    risePercent: round(risePercent),
    judgedFromMinute: round(from),
    reason: reasons.length ? reasons.join('; ') : 'slope and last-vs-first within bounds',
  };
}
