import { loadConfig } from '@agentry/platform/config/env';
import { openStore } from '@agentry/platform/store/factory';
import { closedLoop, openLoop } from './http-load';
import { planTraffic } from './traffic-mix';

// `tsx scripts/src/bench/drive-main.ts URL DATA_DIR open|closed SECONDS [RATE|CLIENTS]`: drives an
// API that is already running (started by hand, e.g. under a profiler) with the load benchmark's
// traffic, and prints the figures as JSON.

async function main([url, dataDir, mode, seconds, amount]: string[]) {
  const store = await openStore(loadConfig({ DATA_DIR: dataDir! }));
  const ids: string[] = [];
  for await (const batch of store.agents.scan(5000, undefined, { trust: false }))
    for (const agent of batch) ids.push(agent.id);
  const categories = await store.agents.categories();
  const roles: Array<{ category: string; role: string }> = [];
  for (const category of categories)
    for (const role of await store.agents.roles(category)) roles.push({ category, role });
  await store.close();
  const plan = planTraffic({ ids, roles, categories }, 200_000, 7);
  const figures =
    mode === 'closed'
      ? await closedLoop(url!, plan, { clients: Number(amount ?? 200), seconds: Number(seconds) })
      : await openLoop(url!, plan, { rate: Number(amount ?? 300), seconds: Number(seconds) });
  process.stdout.write(`${JSON.stringify(figures, null, 1)}\n`);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
