import { PRODUCT_NAME } from '@agentry/domain/product';
import { absoluteUrl, directoryPath } from '@agentry/domain/seo';
import { z } from 'zod';
import { defineTool } from './tool';

// list_categories: the directory's categories with how many agents each lists, as the directory
// screen counts them (GET /api/directory/counts), each with its directory page.

export const listCategoriesTool = defineTool({
  name: 'list_categories',
  title: 'List categories',
  description:
    `The categories of the ${PRODUCT_NAME} directory of AI agents, each with how many agents it lists and its page on this site. ` +
    'Use a name as the category of search_agents or list_roles.',
  input: {},
  output: {
    categories: z.array(
      z.object({
        name: z.string(),
        agents: z.number().int().min(0).describe('How many agents the category lists'),
        page_url: z.string().describe("The category's page in this directory"),
      }),
    ),
  },
  async run(_args, { store, groups, origin }) {
    const counts = await groups.get('category', () => store.agents.countBy('category'));
    const categories = counts.map(({ value, count }) => ({
      name: value,
      agents: count,
      page_url: absoluteUrl(origin, directoryPath({ category: value })),
    }));
    const text = [
      `${categories.length} categories:`,
      ...categories.map((category) => `- ${category.name} (${category.agents} agents)`),
    ].join('\n');
    return { structured: { categories }, text };
  },
});
