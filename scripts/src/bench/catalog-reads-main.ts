import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { numberOption } from '../cli/options';
import { importSyntheticAgents } from './synthetic-agents';

// The reads issue 25 added, on the embedded store at catalog size: staff's search by name (a page
// of GET /api/admin/agents?name= and its total) and the well-reviewed list's grouped read
// (reviews.topRated, worked out at most every 5 minutes per process). Prints the median and the
// slowest of `--runs` calls each.
//   npm run bench:catalog-reads -- --agents 100000 --reviews 20000 --runs 20

async function timed(runs: number, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
}

async function main(argv: string[]) {
  const agents = numberOption(argv, 'agents', 100_000);
  const reviews = numberOption(argv, 'reviews', 20_000);
  const runs = numberOption(argv, 'runs', 20);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-catalog-reads-'));
  const store = openSqliteStore(path.join(dir, 'agentry.db'));
  try {
    await importSyntheticAgents(store.agents, agents);
    for (let i = 0; i < reviews; i++) {
      await store.reviews.write({
        agent_id: String(1 + (i % Math.max(1, Math.floor(agents / 10)))),
        org_key: `user:${i}`,
        author_id: `e${i}`,
        organization: `Org ${i}`,
        rating: 1 + (i % 5),
        body: 'Benchmark review.',
      });
    }
    console.log(`${agents.toLocaleString()} agents, ${reviews.toLocaleString()} reviews; ${runs} runs each`);
    const cases: Array<[string, () => Promise<unknown>]> = [
      [
        'admin page, name matches many ("ly")',
        () => store.agents.list({ includeRemoved: true, nameContains: 'ly', limit: 100 }),
      ],
      [
        'admin page, name matches one ("zz9")',
        () => store.agents.list({ includeRemoved: true, nameContains: 'zz9', limit: 100 }),
      ],
      ['admin total, name ("ly")', () => store.agents.count({ includeRemoved: true, nameContains: 'ly' })],
      ['admin page, no name (for comparison)', () => store.agents.list({ includeRemoved: true, limit: 100 })],
      ['reviews.topRated(3, 24)', () => store.reviews.topRated(3, 24)],
    ];
    for (const [label, work] of cases) {
      const { median, max } = await timed(runs, work);
      console.log(`${label.padEnd(44)} median ${median.toFixed(1)} ms, slowest ${max.toFixed(1)} ms`);
    }
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
