import { Router } from 'express';
import type { AppContext } from '../context';

// Probes for orchestrators and load balancers. Liveness (/livez, /healthz) says the process
// answers: a restart would not bring back a store that is down, so a dependency that is down shows
// in the body only. Readiness (/readyz) says whether to send this process traffic. It checks the
// store, the search engine and the mail transport (lifecycle/readiness.ts) and answers:
//   200 ready     all three answer;
//   200 degraded  the store answers and search or mail does not: every instance still serves
//                 (search falls back on the store, mail waits in its queue), and a 503 here would
//                 take all of them out of the load balancer at once, turning a partial outage into
//                 a whole one; `failing` names what is down; so also while this process's index
//                 loads or catches up (`checks.search`: loading, catching_up), a restart's snapshot
//                 load included (README, "Ready means ready", says why not 503);
//   503           while starting, from SIGTERM on, or when the store does not answer.
// `/readyz?strict=1` answers 503 for any failing check, for a deployment that prefers that.
// Bodies name checks and states only, never an address or a credential.

/** How long a reading of this process's memory is answered again. */
const MEMORY_READING_MS = 1000;
let memoryReading: { at: number; value: { rss_mb: number; heap_used_mb: number } } | null = null;

/**
 * This process's memory, read at most once a second: process.memoryUsage() walks every heap space
 * and reads /proc, a fifth of a /healthz answer's CPU time in `npm run bench:profile -- --paths
 * health` (issue 24). The benches that watch it read it once a second.
 */
function memoryNow() {
  const now = performance.now();
  if (memoryReading && now - memoryReading.at < MEMORY_READING_MS) return memoryReading.value;
  const { rss, heapUsed } = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  memoryReading = { at: now, value: { rss_mb: mb(rss), heap_used_mb: mb(heapUsed) } };
  return memoryReading.value;
}

/** `?strict`, `?strict=1`, `?strict=true` turn it on; absent, `0` or `false` leave it off. */
function isOn(value: unknown): boolean {
  return typeof value === 'string' && value !== '0' && value.toLowerCase() !== 'false';
}

export function healthRoutes({ lifecycle, readiness, eventLoop }: AppContext): Router {
  const router = Router();
  const worker = () => process.env.AGENTRY_WORKER ?? '0';
  router.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/healthz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (lifecycle() === 'starting') {
      res.status(503).json({ status: 'starting' });
      return;
    }
    // The last known checks, never a wait on a slow dependency: this is the liveness probe.
    const { checks } = await readiness.latest();
    const others = Object.entries(checks).filter(([name]) => name !== 'store');
    // Without search the app answers from the store, without mail it still serves: degraded.
    const status =
      checks.store !== 'ok' ? 'down' : others.some(([, state]) => state !== 'ok') ? 'degraded' : 'ok';
    res.json({
      status,
      checks,
      // How late this process ran its timers over the last second (see http/event-loop-monitor.ts).
      event_loop: eventLoop.current,
      // This process's memory, so a long run can watch each worker's heap (npm run bench:load -- --soak).
      memory: memoryNow(),
      worker: worker(),
    });
  });
  router.get('/readyz', async (req, res) => {
    const strict = isOn(req.query.strict);
    res.set('Cache-Control', 'no-store');
    if (lifecycle() !== 'serving') {
      res.status(503).json({ status: lifecycle(), worker: worker() });
      return;
    }
    const report = await readiness.check();
    // A shutdown may have begun while the checks ran.
    if (lifecycle() !== 'serving') {
      res.status(503).json({ status: lifecycle(), worker: worker() });
    } else if (report.ready) {
      res.json({ status: 'ready', checks: report.checks, worker: worker() });
    } else if (!strict && report.checks.store === 'ok') {
      res.json({ status: 'degraded', checks: report.checks, failing: report.failing, worker: worker() });
    } else {
      res
        .status(503)
        .json({ status: 'not_ready', checks: report.checks, failing: report.failing, worker: worker() });
    }
  });
  return router;
}
