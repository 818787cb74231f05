import { type ProviderPage, ProviderQuery, SlugParams } from '@agentry/domain/contract/providers';
import { Router } from 'express';
import { findProviderPage } from '../../../commands/find-provider-page';
import type { AppContext } from '../../../context';
import { notFound } from '../../../http/errors';
import { setPageHeaders } from '../../../http/pagination';
import { parseQuery } from '../../../http/validate';

/** The 404's message, which a provider page served as not found carries too (routes/web/first-view.ts). */
export const PROVIDER_NOT_FOUND = 'Provider not found';

/**
 * GET /api/providers/:slug?limit=&offset=: a subscribed provider's page (the $5 plan's dedicated
 * page), its agents a page at a time (24 by default, 100 at most), `total` and X-Total-Count saying
 * how many in all and Link the neighbouring pages, as the catalog's lists do.
 */
export function providersRoutes({ store }: AppContext): Router {
  const router = Router();
  router.get('/providers/:slug', async (req, res) => {
    const { limit, offset } = parseQuery(ProviderQuery, req);
    const parsed = SlugParams.safeParse(req.params);
    const page = parsed.success
      ? await findProviderPage({ store }, { slug: parsed.data.slug, limit, offset })
      : null;
    if (!page) throw notFound(PROVIDER_NOT_FOUND);
    setPageHeaders(req, res, { total: page.total, limit, offset });
    res.json(page satisfies ProviderPage);
  });
  return router;
}
