import { Router } from 'express';
import type { AppContext } from '../context';

/** /livez: the process runs. /healthz: ready to serve (start-up done, store and engine answer). */
export function healthRoutes({ store, engine, isReady, eventLoop }: AppContext): Router {
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/healthz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!isReady()) {
      res.status(503).json({ status: 'starting' });
      return;
    }
    const checks: Record<string, string> = {};
    const check = async (name: string, probe: () => Promise<void>) => {
      try {
        await probe();
        checks[name] = 'ok';
      } catch {
        checks[name] = 'down';
      }
    };
    await check('store', () => store.ping());
    if (engine) await check('search', () => engine.ping());
    // A search engine that is down degrades search (store fallback) but the app still serves.
    const healthy = checks.store === 'ok';
    res.status(healthy ? 200 : 503).json({
      status: healthy ? (checks.search === 'down' ? 'degraded' : 'ok') : 'down',
      checks,
      // How late this process ran its timers over the last second (see http/event-loop-monitor.ts).
      event_loop: eventLoop.current,
      worker: process.env.AGENTRY_WORKER ?? '0',
    });
  });
  return router;
}
