import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededRandom } from '@agentry/domain/testing/seeded-random';

// What provider analytics' counting costs a worker (issue 24): the flush of countFor()'s marks into
// the embedded store (AgentEventCounter.flush → AgentStatsRepository.countOnce and its increments),
// the part of the counting that holds the event loop. Visitors' searches as the product mix makes
// them (20 agents "appeared" a search, now and then one "opened"), on a store whose week already
// has a row for every agent and whose day already holds `--history` counted marks.
//
// With `--before DIR` (another checkout of this repository with its node_modules, e.g. main before a
// change), both trees' counter and store run in this one process, each on its own store file, in
// alternating rounds (A B B A …) so that both meet the same machine load: CPU time per 1,000 marks
// each, and after/before per pair of rounds.
//   npm run bench:analytics -- --before /work/wt/x-before --rounds 8 --marks 5000

function arg(argv: string[], name: string, fallback: number): number {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
}

function text(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
}

interface Counter {
  countFor(audience: string, kind: 'appeared' | 'opened', ids: Iterable<string>): void;
  flush(): Promise<void>;
  readonly pendingKeys: number;
}

interface Side {
  name: string;
  counter: Counter;
  close(): Promise<void>;
  dir: string;
  cpuMs: number;
  marks: number;
}

const NOW = Date.parse('2026-11-18T10:00:00Z');
const WEEK = '2026-11-16';

async function openSide(name: string, root: string, agents: number): Promise<Side> {
  const { AgentEventCounter } = await import(path.join(root, 'server/src/analytics/agent-event-counter.ts'));
  const { openSqliteStore } = await import(path.join(root, 'platform/src/store/sqlite/sqlite-store.ts'));
  const { createLogger } = await import(path.join(root, 'platform/src/log/logger.ts'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `agentry-bench-analytics-${name}-`));
  const store = openSqliteStore(path.join(dir, 'agentry.db'));
  // The week so far: a row for every agent (a search's increments update rows, as at 100,000 agents).
  for (let start = 0; start < agents; start += 5_000) {
    const rows = [];
    for (let id = start; id < Math.min(agents, start + 5_000); id++)
      rows.push({ agent_id: String(id + 1), week: WEEK, kind: 'appeared' as const, count: 3 });
    await store.agentStats.increment(rows);
  }
  const counter = new AgentEventCounter({
    repository: store.agentStats,
    logger: createLogger('silent', 'bench'),
    sessionSecret: 'a session secret every API process shares, for the bench',
    now: () => NOW,
    maxKeys: 10_000_000,
    flushAtKeys: Number.POSITIVE_INFINITY,
  }) as Counter;
  return { name, counter, dir, cpuMs: 0, marks: 0, close: () => store.close() };
}

/** One round of visitors' searches, the same for every side given the same seed. */
function search(counter: Counter, seed: number, searches: number, visitors: number, agents: number) {
  const next = seededRandom(seed);
  for (let i = 0; i < searches; i++) {
    const visitor = Math.floor(next() * visitors);
    const ids = Array.from({ length: 20 }, () => String(1 + Math.floor(next() * agents)));
    counter.countFor(`ip:10.${visitor >> 16}.${(visitor >> 8) & 255}.${visitor & 255}`, 'appeared', ids);
    if (next() < 0.3)
      counter.countFor(`ip:10.${visitor >> 16}.${(visitor >> 8) & 255}.${visitor & 255}`, 'opened', [
        ids[0]!,
      ]);
  }
}

async function timedFlush(side: Side): Promise<{ cpuMs: number; marks: number }> {
  const marks = side.counter.pendingKeys;
  const cpu = process.cpuUsage();
  await side.counter.flush();
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  side.cpuMs += cpuMs;
  side.marks += marks;
  return { cpuMs, marks };
}

async function main(argv: string[]) {
  const agents = arg(argv, 'agents', 100_000);
  const visitors = arg(argv, 'visitors', 2_000);
  const history = arg(argv, 'history', 100_000);
  const rounds = arg(argv, 'rounds', 8);
  const marksPerRound = arg(argv, 'marks', 5_000);
  const before = text(argv, 'before');
  const here = path.resolve(__dirname, '../../..');
  const sides: Side[] = [];
  try {
    if (before) sides.push(await openSide('before', path.resolve(before), agents));
    sides.push(await openSide('after', here, agents));
    console.log(
      `${agents.toLocaleString()} agents, ${visitors.toLocaleString()} visitors, ${history.toLocaleString()} marks counted before, ${rounds} rounds of ~${marksPerRound.toLocaleString()} marks; load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    // The day so far, not timed.
    const searchesOf = (marks: number) => Math.max(1, Math.round(marks / 20.3));
    for (let done = 0, seed = 1; done < history; done += marksPerRound, seed++)
      for (const side of sides) {
        search(side.counter, seed, searchesOf(marksPerRound), visitors, agents);
        await side.counter.flush();
      }
    for (const side of sides) {
      side.cpuMs = 0;
      side.marks = 0;
    }
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      const results = new Map<string, { cpuMs: number; marks: number }>();
      for (const side of order) {
        search(side.counter, 1_000_000 + round, searchesOf(marksPerRound), visitors, agents);
        results.set(side.name, await timedFlush(side));
      }
      const line = sides
        .map((side) => {
          const { cpuMs, marks } = results.get(side.name)!;
          return `${side.name} ${cpuMs.toFixed(0)} ms / ${marks} marks (${((cpuMs / marks) * 1000).toFixed(1)} µs a mark)`;
        })
        .join(', ');
      if (before) {
        const ratio =
          results.get('after')!.cpuMs /
          results.get('after')!.marks /
          (results.get('before')!.cpuMs / results.get('before')!.marks);
        ratios.push(ratio);
        console.log(`round ${round + 1}: ${line}; after/before ${ratio.toFixed(2)}`);
      } else console.log(`round ${round + 1}: ${line}`);
    }
    for (const side of sides)
      console.log(
        `${side.name}: ${((side.cpuMs / side.marks) * 1000).toFixed(1)} µs CPU a mark (${side.marks.toLocaleString()} marks, ${side.cpuMs.toFixed(0)} ms)`,
      );
    if (before) {
      const [b, a] = sides;
      ratios.sort((x, y) => x - y);
      console.log(
        `after/before per mark: ${(a!.cpuMs / a!.marks / (b!.cpuMs / b!.marks)).toFixed(2)} over all rounds; per round median ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}, range ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}; load average ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
      );
    }
    for (const side of sides) {
      const size = fs
        .readdirSync(side.dir)
        .reduce((sum, file) => sum + fs.statSync(path.join(side.dir, file)).size, 0);
      console.log(`${side.name}: store files ${(size / 1e6).toFixed(1)} MB`);
    }
  } finally {
    for (const side of sides) {
      await side.close();
      fs.rmSync(side.dir, { recursive: true, force: true });
    }
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
