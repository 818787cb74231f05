import { MAX_LENGTHS, SEARCH_MAX_DEPTH, SEARCH_PAGE_MAX } from '@agentry/domain/limits';
import { z } from 'zod';
import { pageQuery } from '../../../http/pagination';

export const MAX_QUERY_LENGTH = 500;
export const DEFAULT_LIMIT = 20;

export const SearchQuery = z.object({
  query: z.string().max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`).default(''),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(DEFAULT_LIMIT),
});

/** A role's agents by name, SEARCH_PAGE_MAX at a time (also the default), no deeper than SEARCH_MAX_DEPTH. */
export const SearchByRoleQuery = z
  .object({
    role: z.string().trim().min(1, 'role is required').max(MAX_LENGTHS.role),
    category: z.string().trim().max(MAX_LENGTHS.category).optional(),
    ...pageQuery({ defaultLimit: SEARCH_PAGE_MAX, maxLimit: SEARCH_PAGE_MAX, maxOffset: SEARCH_MAX_DEPTH }),
  })
  .refine((query) => query.offset + query.limit <= SEARCH_MAX_DEPTH, {
    path: ['offset'],
    message: `offset + limit must be at most ${SEARCH_MAX_DEPTH}: search results go no deeper`,
  });

export const SimilarQuery = z.object({ limit: z.coerce.number().int().min(1).max(24).default(6) });
