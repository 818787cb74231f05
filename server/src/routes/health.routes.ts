import { Router } from 'express';
import type { AppContext } from '../context';

// Probes for orchestrators and load balancers. Liveness (/livez, /healthz) says the process
// answers: a restart would not bring back a store that is down, so a dependency that is down shows
// in the body only. Readiness (/readyz) says whether to send this process traffic: 200 when the
// store, the search engine and the mail transport answer (lifecycle/readiness.ts), 503 while
// starting, when one does not, and from SIGTERM on, so a load balancer stops sending requests before
// the drain. Bodies name checks and states only, never an address or a credential.

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
      worker: worker(),
    });
  });
  router.get('/readyz', async (_req, res) => {
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
    } else {
      res
        .status(503)
        .json({ status: 'not_ready', checks: report.checks, failing: report.failing, worker: worker() });
    }
  });
  return router;
}
