import type { PublicSignals as PublicSignalsAnswer } from '@agentry/domain/contract/signals';
import { SIGNALS } from '@agentry/domain/public-signals';
import { Router } from 'express';
import { type PublicSignals, publicSignals } from '../../../analytics/public-signals';
import type { AppContext } from '../../../context';
import { presentAgent } from '../../../presenters/agent';

// GET /api/signals: "Most compared this week" and "Trending" (issue 26, the ranking policy page says
// how they are made). Worked out at most every SIGNALS.cacheMinutes per process: the counts behind
// them are written every 10 s and move slowly.

/** The answer, worked out at most every SIGNALS.cacheMinutes (the home page's HTML carries it too). */
export function signalsReader({ store, services }: Pick<AppContext, 'store' | 'services'>) {
  let cached: { at: number; value: Promise<PublicSignals> } | null = null;
  return async (): Promise<PublicSignalsAnswer> => {
    const now = services.now();
    if (!cached || now - cached.at > SIGNALS.cacheMinutes * 60_000) {
      const value = publicSignals(store, new Date(now));
      cached = { at: now, value };
      value.catch(() => {
        cached = null;
      });
    }
    const signals = await cached.value;
    return {
      week: signals.week,
      most_compared: signals.most_compared.map(({ agent, people }) => ({
        agent: presentAgent(agent),
        people,
      })),
      trending: signals.trending.map(({ agent, people, growth }) => ({
        agent: presentAgent(agent),
        people,
        growth,
      })),
    };
  };
}

export function signalsRoutes(context: AppContext): Router {
  const router = Router();
  const read = signalsReader(context);
  router.get('/signals', async (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(await read());
  });
  return router;
}
