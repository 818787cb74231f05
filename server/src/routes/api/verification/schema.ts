import { z } from 'zod';

export const DomainBody = z.object({ domain: z.string({ error: 'domain is required' }).max(300) });
export const DomainIdParams = z.object({ id: z.string().min(1).max(64) });
