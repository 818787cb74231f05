import { z } from 'zod';
import { PublicAgent } from './agents';

// GET /api/providers/{slug}: a subscribed provider's page (server/src/routes/api/providers/).

export const SlugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });

export const ProviderPage = z.strictObject({
  name: z.string(),
  slug: z.string(),
  website: z.string().nullable(),
  agents: z.array(PublicAgent),
});
export type ProviderPage = z.infer<typeof ProviderPage>;
