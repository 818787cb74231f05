import { type ProviderPage, SlugParams } from '@agentry/domain/contract/providers';
import { Router } from 'express';
import { findProviderPage } from '../../../commands/find-provider-page';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/errors';

/** The 404's message, which a provider page served as not found carries too (routes/web/first-view.ts). */
export const PROVIDER_NOT_FOUND = 'Provider not found';

/** GET /api/providers/:slug: a subscribed provider's page (the $5 plan's dedicated page). */
export function providersRoutes({ store }: AppContext): Router {
  const router = Router();
  router.get('/providers/:slug', async (req, res) => {
    const parsed = SlugParams.safeParse(req.params);
    const page = parsed.success ? await findProviderPage({ store }, { slug: parsed.data.slug }) : null;
    if (!page) throw notFound(PROVIDER_NOT_FOUND);
    res.json(page satisfies ProviderPage);
  });
  return router;
}
