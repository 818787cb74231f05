import { MAX_LENGTHS } from '@agentry/domain/input-lengths';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { absoluteUrl, directoryPath } from '@agentry/domain/seo';
import { z } from 'zod';
import { defineTool, type ToolDeps, ToolError } from './tool';

// list_roles: the roles agents fill, in one category or in all, with how many agents fill each;
// within a category each role has its directory page.

export const listRolesTool = defineTool({
  name: 'list_roles',
  title: 'List roles',
  description:
    `The roles (human jobs) the agents of the ${PRODUCT_NAME} directory fill or assist, with how many agents fill each: in one category when category is given (then with the page of each role on this site), otherwise across the whole directory. ` +
    'Use a name as the role of search_agents.',
  input: {
    category: z
      .string({ error: 'category must be text' })
      .trim()
      .min(1, 'category must not be blank; leave it out for the roles of every category')
      .max(MAX_LENGTHS.category, `category must be at most ${MAX_LENGTHS.category} characters`)
      .optional()
      .describe('A category, named as list_categories names it'),
  },
  output: {
    category: z.string().nullable().describe('The category asked for, or null for all'),
    roles: z.array(
      z.object({
        name: z.string(),
        agents: z.number().int().min(0).describe('How many agents fill the role'),
        page_url: z
          .string()
          .nullable()
          .describe("The role's page in this directory (within a category only)"),
      }),
    ),
  },
  async run(args, { store, groups, origin }) {
    const category =
      args.category === undefined ? null : await canonicalCategory(args.category, groups, store);
    const key = `role\u0000${category ?? ''}`;
    const counts = await groups.get(key, () =>
      category ? store.agents.countBy('role', { category }) : store.agents.countBy('role'),
    );
    const roles = counts.map(({ value, count }) => ({
      name: value,
      agents: count,
      page_url: category ? absoluteUrl(origin, directoryPath({ category, role: value })) : null,
    }));
    const text = [
      `${roles.length} roles${category ? ` in ${category}` : ''}:`,
      ...roles.map((role) => `- ${role.name} (${role.agents} agents)`),
    ].join('\n');
    return { structured: { category, roles }, text };
  },
});

/** The category as the directory spells it (names match without regard to case, as in the store). */
async function canonicalCategory(asked: string, groups: ToolDeps['groups'], store: ToolDeps['store']) {
  const categories = await groups.get('category', () => store.agents.countBy('category'));
  const wanted = asked.toLowerCase();
  const found = categories.find(({ value }) => value.toLowerCase() === wanted);
  if (!found) throw new ToolError(`No category named "${asked}". Use list_categories for the names.`);
  return found.value;
}
