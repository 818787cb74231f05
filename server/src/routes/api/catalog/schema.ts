import { MAX_LENGTHS } from '@agentry/domain/limits';
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max);

export const RolesQuery = z.object({ category: text(MAX_LENGTHS.category).optional() });

export const DirectoryQuery = z.object({
  category: text(MAX_LENGTHS.category).optional(),
  role: text(MAX_LENGTHS.role).optional(),
});

/** ?t= is the client's cache-busting timestamp: accepted and ignored. */
export const AgentsQuery = z.object({ t: z.string().max(32).optional() });

export const AgentIdParams = z.object({ id: z.string().min(1).max(64) });
