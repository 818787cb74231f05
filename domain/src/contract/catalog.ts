import { z } from 'zod';
import { MAX_LENGTHS } from '../input-lengths';
import { LIST_PAGE } from '../request-bounds';
import { pageQuery, recordId } from './shapes';

// The public catalog read from the store (server/src/routes/api/catalog/): the agents a page at a
// time, their count, one agent, the categories and roles, the directory's lists and counts.

const text = (max: number) => z.string().trim().max(max);

/** GET /api/agents/{id} and the other paths that name one agent. */
export const AgentIdParams = z.object({ id: recordId });

/** GET /api/agents: one page of the catalog. `?t=` is the client's cache-busting timestamp: accepted and ignored. */
export const AgentsQuery = z.object({ t: z.string().max(32).optional(), ...pageQuery(LIST_PAGE) });

/** GET /api/agents/count */
export const AgentCount = z.strictObject({ count: z.number().int().min(0) });
export type AgentCount = z.infer<typeof AgentCount>;

/** GET /api/categories and GET /api/roles: one entry per distinct value. */
export const NameList = z.array(z.string());
export type NameList = z.infer<typeof NameList>;

/** GET /api/roles?category= */
export const RolesQuery = z.object({ category: text(MAX_LENGTHS.category).optional() });

/** The directory's choice: a role counts only with its category (as on the directory screen). */
const selection = {
  category: text(MAX_LENGTHS.category).optional(),
  role: text(MAX_LENGTHS.role).optional(),
};

/** The directory page's choice (`/directory?category=&role=`, also rendered for crawlers). */
export const DirectoryQuery = z.object(selection);

/** GET /api/directory/agents: the choice and one page of it. */
export const DirectoryAgentsQuery = z.object({ ...selection, ...pageQuery(LIST_PAGE) });

/** GET /api/directory/counts: per category, or per role of one category. */
export const DirectoryCountsQuery = z.object({ category: selection.category });

export const DirectoryCount = z.strictObject({ name: z.string(), count: z.number().int().min(0) });
export type DirectoryCount = z.infer<typeof DirectoryCount>;
export const DirectoryCounts = z.array(DirectoryCount);
export type DirectoryCounts = z.infer<typeof DirectoryCounts>;
