import fs from 'node:fs';
import path from 'node:path';
import { treeMemory } from './child-process';
import { workerHeaps } from './event-loop-samples';
import { judgeMemory, type MemorySample, type MemoryVerdict } from './memory-trend';
import type { ProductRun } from './product-actions';
import { productOpenLoop } from './product-load';
import type { MixEntry, ProductAction } from './product-mix';
import type { ProductFigures, WindowFigures } from './product-recorder';

// The soak: the whole-product mix in an open loop at a modest rate for a long time, sampling every
// 30 s the memory of every API process (RSS from /proc for the supervisor and each worker; each
// worker's used heap from /healthz) and the store's size on disk. A row is printed per sample and
// the JSON summary rewritten each time, so a run stopped early still says what it saw; per
// 5 minutes a table row, and at the end the verdict on memory (memory-trend.ts).

export interface SoakRow extends WindowFigures {
  minute: number;
  rssMbByPid: Record<string, number>;
  rssMb: number;
  heapMbByWorker: Record<string, number>;
  storeMb: number;
  outboxFiles: number;
}

export interface SoakSummary {
  rate: number;
  minutes: number;
  rows: SoakRow[];
  figures?: ProductFigures;
  verdict?: MemoryVerdict;
  storeGrowthMb?: number;
  agentsAdded?: number;
}

const SAMPLE_MS = 30_000;

/** Size of the store's files in DATA_DIR (the SQLite database and its write-ahead log), in MB. */
export function storeSizeMb(dataDir: string): number {
  let bytes = 0;
  for (const name of fs.readdirSync(dataDir)) {
    if (/\.(db|sqlite)(-wal|-shm)?$/.test(name)) bytes += fs.statSync(path.join(dataDir, name)).size;
  }
  return Math.round((bytes / 1048576) * 10) / 10;
}

function countFiles(dir: string): number {
  try {
    return fs.readdirSync(dir).length;
  } catch {
    return 0;
  }
}

export async function soak(options: {
  run: ProductRun;
  plan: readonly ProductAction[];
  mix: readonly MixEntry[];
  rate: number;
  minutes: number;
  apiPid: number;
  base: string;
  workers: number;
  dataDir: string;
  summaryPath: string;
  /** Agents in the catalog at the start and what one costs in memory (MB, all processes), for the verdict. */
  catalogSize: number;
  log: (line: string) => void;
}): Promise<SoakSummary> {
  const { log } = options;
  const summary: SoakSummary = { rate: options.rate, minutes: options.minutes, rows: [] };
  const save = () => fs.writeFileSync(options.summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
  const started = performance.now();
  const storeAtStart = storeSizeMb(options.dataDir);
  log(
    `  min    req/s  err  429   p50 ms   p99 ms   RSS total  (per process)              heap per worker   store MB`,
  );
  let previousMinute = 0;
  const sample = async () => {
    // The time, window and RSS first: the heaps come from /healthz, which a stalled server answers late.
    const minute = Math.round(((performance.now() - started) / 60_000) * 100) / 100;
    const window = options.run.recorder.takeWindow();
    const memory = treeMemory(options.apiPid);
    const heaps = await workerHeaps(options.base, options.workers);
    const row: SoakRow = {
      minute,
      ...window,
      rssMbByPid: Object.fromEntries(memory.map((each) => [String(each.pid), each.rssMb])),
      rssMb: memory.reduce((sum, each) => sum + each.rssMb, 0),
      heapMbByWorker: heaps,
      storeMb: storeSizeMb(options.dataDir),
      outboxFiles: countFiles(path.join(options.dataDir, 'outbox')),
    };
    summary.rows.push(row);
    save();
    const windowSeconds = (minute - previousMinute) * 60 || 1;
    previousMinute = minute;
    log(
      `  ${row.minute.toFixed(1).padStart(5)}  ${String(Math.round(window.requests / windowSeconds)).padStart(5)}  ${String(window.errors).padStart(3)}  ${String(window.tooMany).padStart(3)}  ${String(window.p50).padStart(7)}  ${String(window.p99).padStart(7)}  ${String(row.rssMb).padStart(6)} MB  ${JSON.stringify(Object.values(row.rssMbByPid)).padEnd(24)}  ${JSON.stringify(heaps).padEnd(16)}  ${row.storeMb}`,
    );
    if (summary.rows.length % 10 === 0) printFiveMinutes(summary.rows.slice(-10), log);
  };
  let stopped = false;
  const sampler = (async () => {
    let next = started + SAMPLE_MS;
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      if (stopped) break;
      // A late sample does not make the next ones bunch up: rows stay about 30 s apart.
      next = Math.max(next + SAMPLE_MS, performance.now() + SAMPLE_MS / 2);
      await sample();
    }
  })();
  summary.figures = await productOpenLoop(options.run, options.plan, {
    rate: options.rate,
    seconds: options.minutes * 60,
    mix: options.mix,
  });
  stopped = true;
  await sampler;
  // The last partial window too, so nothing sent goes unreported.
  await sample();

  const agentsAdded = summary.figures.byKind['register agent']?.requests ?? 0;
  const first = summary.rows[0];
  // Each process holding the index grows with the catalog: its share of the first RSS per agent.
  const mbPerAgent = first ? first.rssMb / options.catalogSize : 0;
  const dataGrowthMbPer10Min = (agentsAdded * mbPerAgent * 10) / options.minutes;
  summary.agentsAdded = agentsAdded;
  summary.storeGrowthMb = Math.round((storeSizeMb(options.dataDir) - storeAtStart) * 10) / 10;
  summary.verdict = judgeMemory(
    summary.rows.map((row): MemorySample => ({ minute: row.minute, rssMb: row.rssMb })),
    dataGrowthMbPer10Min,
  );
  save();
  log('\n  Per 5 minutes:');
  for (let i = 0; i < summary.rows.length; i += 10) printFiveMinutes(summary.rows.slice(i, i + 10), log);
  const v = summary.verdict;
  log(
    `\n  Memory: ${v.flat ? 'FLAT' : 'NOT FLAT'} (${v.reason}). Judged from minute ${v.judgedFromMinute}: slope ${v.slopeMbPer10Min} MB per 10 min (allowed ${v.allowedMbPer10Min}, of which data growth ${Math.round(dataGrowthMbPer10Min * 10) / 10}); first ${v.windowMinutes}-min window ${v.firstWindowMb} MB, last ${v.lastWindowMb} MB (${v.risePercent >= 0 ? '+' : ''}${v.risePercent} %).`,
  );
  const accounts =
    (summary.figures.byKind['register provider']?.requests ?? 0) +
    (summary.figures.byKind['register employer']?.requests ?? 0);
  log(
    `  Data grown during the soak: store +${summary.storeGrowthMb} MB on disk, ${agentsAdded} agents registered, ${accounts} accounts created; summary in ${options.summaryPath}`,
  );
  return summary;
}

function printFiveMinutes(rows: SoakRow[], log: (line: string) => void) {
  if (!rows.length) return;
  const requests = rows.reduce((sum, row) => sum + row.requests, 0);
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  const tooMany = rows.reduce((sum, row) => sum + row.tooMany, 0);
  const worstP99 = Math.max(...rows.map((row) => row.p99));
  const rss = rows.map((row) => row.rssMb);
  const last = rows[rows.length - 1]!;
  log(
    `  == minutes ${rows[0]!.minute.toFixed(1)}–${last.minute.toFixed(1)}: ${requests} requests, ${errors} errors, ${tooMany} 429s, worst 30-s p99 ${worstP99} ms; RSS total min ${Math.min(...rss)} / max ${Math.max(...rss)} / last ${last.rssMb} MB; heap ${JSON.stringify(last.heapMbByWorker)}; store ${last.storeMb} MB`,
  );
}
