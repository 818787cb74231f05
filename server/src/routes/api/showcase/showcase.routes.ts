import type { Showcase } from '@agentry/domain/contract/showcase';
import { SHOWCASE } from '@agentry/domain/home-showcase';
import { Router } from 'express';
import { type HomeShowcase, homeShowcase } from '../../../commands/home-showcase';
import type { AppContext } from '../../../context';
import { presentAgents } from '../../../presenters/agent';

// GET /api/showcase: the home page's new, verified and well-reviewed agents (issue 25). Worked out
// at most every SHOWCASE.cacheMinutes per process, whatever the traffic: each list is a bounded
// read, and none of them needs to be fresher than that.

/** The answer, worked out at most every SHOWCASE.cacheMinutes (the home page's HTML carries it too). */
export function showcaseReader({
  store,
  search,
  services,
}: Pick<AppContext, 'store' | 'search' | 'services'>): () => Promise<Showcase> {
  let cached: { at: number; value: Promise<HomeShowcase> } | null = null;
  return async () => {
    const now = services.now();
    if (!cached || now - cached.at > SHOWCASE.cacheMinutes * 60_000) {
      const value = homeShowcase({ store, search });
      cached = { at: now, value };
      // A failure is not kept: the next visitor asks again.
      value.catch(() => {
        cached = null;
      });
    }
    const showcase = await cached.value;
    return {
      newest: presentAgents(showcase.newest),
      verified: presentAgents(showcase.verified),
      well_reviewed: presentAgents(showcase.well_reviewed),
    };
  };
}

export function showcaseRoutes(context: AppContext): Router {
  const router = Router();
  const read = showcaseReader(context);
  router.get('/showcase', async (_req, res) => {
    res.set('Cache-Control', 'no-cache').json((await read()) satisfies Showcase);
  });
  return router;
}
