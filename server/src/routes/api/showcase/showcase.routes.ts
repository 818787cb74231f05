import type { Showcase } from '@agentry/domain/contract/showcase';
import { SHOWCASE } from '@agentry/domain/home-showcase';
import { Router } from 'express';
import { type HomeShowcase, homeShowcase } from '../../../commands/home-showcase';
import type { AppContext } from '../../../context';
import { presentAgents } from '../../../presenters/agent';

// GET /api/showcase: the home page's new, verified and well-reviewed agents (issue 25). Worked out
// at most every SHOWCASE.cacheMinutes per process, whatever the traffic: each list is a bounded
// read, and none of them needs to be fresher than that.

export function showcaseRoutes({ store, search, services }: AppContext): Router {
  const router = Router();
  let cached: { at: number; value: Promise<HomeShowcase> } | null = null;
  router.get('/showcase', async (_req, res) => {
    const now = services.now();
    if (!cached || now - cached.at > SHOWCASE.cacheMinutes * 60_000) {
      const value = homeShowcase(store, search);
      cached = { at: now, value };
      // A failure is not kept: the next visitor asks again.
      value.catch(() => {
        cached = null;
      });
    }
    const showcase = await cached.value;
    res.set('Cache-Control', 'no-cache').json({
      newest: presentAgents(showcase.newest),
      verified: presentAgents(showcase.verified),
      well_reviewed: presentAgents(showcase.well_reviewed),
    } satisfies Showcase);
  });
  return router;
}
