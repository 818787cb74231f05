import { MAX_LENGTHS } from '@agentry/domain/limits';
import { z } from 'zod';

export const MAX_QUERY_LENGTH = 500;
export const DEFAULT_LIMIT = 20;

export const SearchQuery = z.object({
  query: z.string().max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(DEFAULT_LIMIT),
});

export const SearchByRoleQuery = z.object({
  role: z.string().trim().min(1, 'role is required').max(MAX_LENGTHS.role),
  category: z.string().trim().max(MAX_LENGTHS.category).optional(),
});

export const SimilarQuery = z.object({ limit: z.coerce.number().int().min(1).max(24).default(6) });
