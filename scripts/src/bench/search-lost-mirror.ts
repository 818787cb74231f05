import { loadAverageNow, ratioOf, tableRow } from './checkouts';
import { percentile, stop } from './child-process';
import { type FaultFigures, type StartSide, slowestLine, timeLostIndex } from './search-starts';

// `npm run bench:search -- --against DIR --data DIR --only lost [--rounds 2]`: the start whose index
// mirror is gone, alone, `rounds` times a side in the order before, after, after, before... (a busy
// machine weighs on both alike), with what the store's answers took meanwhile (X-Search-Degraded:
// the visitors' wait while the index is rebuilt), not only the slowest search (issue 24).

const ms = (value: number) => `${value.toFixed(0)}`;

/** p50 / p90 / slowest of the store's answers of one run, ms. */
export function spread(figures: FaultFigures): string {
  const sorted = [...figures.degradedMs].sort((a, b) => a - b);
  if (sorted.length === 0) return 'none';
  return `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.9))} / ${ms(sorted.at(-1)!)}`;
}

export async function compareLostMirror(
  sides: StartSide[],
  probe: string,
  rounds: number,
  log: (line: string) => void,
): Promise<void> {
  const runs: FaultFigures[][] = sides.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const s of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const side = sides[s]!;
      const load = loadAverageNow();
      const figures = await timeLostIndex(side, probe);
      await stop(side.api!);
      runs[s]!.push(figures);
      log(
        `  ${side.checkout.label} run ${round + 1} (load average ${load}): ${figures.searches} searches, ${figures.degraded} from the store, ${figures.empty} empty; the store's p50 / p90 / slowest ${spread(figures)} ms; the engine after ${figures.engineSeconds.toFixed(1)} s; slowest: ${slowestLine(figures)}`,
      );
    }
  }
  const each = (s: number, f: (figures: FaultFigures) => string) => runs[s]!.map(f).join(', ');
  const slowest = (figures: FaultFigures) => ms(figures.slowestSearchMs);
  const storeSlowest = (figures: FaultFigures) => Math.max(0, ...figures.degradedMs);
  const storeMedian = (figures: FaultFigures) =>
    percentile(
      [...figures.degradedMs].sort((a, b) => a - b),
      0.5,
    );
  const ratios = (value: (figures: FaultFigures) => number) =>
    runs[1]!.map((after, i) => ratioOf(value(after), value(runs[0]![i]!))).join(', ');
  log('');
  log('| what (a run each, in order) | before | after | after / before, run by run | goal |');
  log('| --- | --- | --- | --- | --- |');
  log(
    tableRow(
      'empty answers / searches',
      each(0, (f) => `${f.empty} / ${f.searches}`),
      each(1, (f) => `${f.empty} / ${f.searches}`),
      '—',
      'no empty answer',
    ),
  );
  log(
    tableRow(
      'slowest search (ms)',
      each(0, slowest),
      each(1, slowest),
      ratios((f) => f.slowestSearchMs),
      '≤ 100 ms',
    ),
  );
  log(
    tableRow(
      "the store's answers: p50 / p90 / slowest (ms)",
      each(0, spread),
      each(1, spread),
      `p50 ${ratios(storeMedian)}; slowest ${ratios(storeSlowest)}`,
      '≤ 100 ms',
    ),
  );
  log('');
  log(`load average at the end: ${loadAverageNow()}`);
}
