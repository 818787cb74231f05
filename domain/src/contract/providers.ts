import { z } from 'zod';
import { PROVIDER_PAGE_QUERY } from '../provider-page';
import { PublicAgent } from './agents';
import { pageQuery } from './shapes';

// GET /api/providers/{slug}: a subscribed provider's page (server/src/routes/api/providers/), its
// agents a page at a time (issue 25: a provider with thousands of agents answers a page, not all).

export const SlugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });

/** `limit` agents (24 by default, 100 at most) after skipping `offset`, in the listing's order. */
export const ProviderQuery = z.object(pageQuery(PROVIDER_PAGE_QUERY));

export const ProviderPage = z.strictObject({
  name: z.string(),
  slug: z.string(),
  website: z.string().nullable(),
  agents: z.array(PublicAgent),
  total: z.number().int().min(0),
  verified_domains: z.array(z.string()),
});
export type ProviderPage = z.infer<typeof ProviderPage>;
