import { LIST_PAGE, MAX_LENGTHS } from '@agentry/domain/limits';
import { z } from 'zod';
import { pageQuery } from '../../../http/pagination';

const text = (max: number) => z.string().trim().max(max);

export const RolesQuery = z.object({ category: text(MAX_LENGTHS.category).optional() });

/** The directory's choice: a role counts only with its category (as on the directory screen). */
const selection = {
  category: text(MAX_LENGTHS.category).optional(),
  role: text(MAX_LENGTHS.role).optional(),
};

export const DirectoryQuery = z.object(selection);

/** GET /api/directory/agents: the choice and one page of it. */
export const DirectoryAgentsQuery = z.object({ ...selection, ...pageQuery(LIST_PAGE) });

/** GET /api/directory/counts: per category, or per role of one category. */
export const DirectoryCountsQuery = z.object({ category: selection.category });

/** ?t= is the client's cache-busting timestamp: accepted and ignored. */
export const AgentsQuery = z.object({ t: z.string().max(32).optional(), ...pageQuery(LIST_PAGE) });

export const AgentIdParams = z.object({ id: z.string().min(1).max(64) });
