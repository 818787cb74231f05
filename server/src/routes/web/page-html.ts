import type { AgentPage } from '@agentry/domain/contract/agents';
import { AgentIdParams } from '@agentry/domain/contract/catalog';
import { directoryPageOffset } from '@agentry/domain/directory-reads';
import { buildForAiAssistantsMeta } from '@agentry/domain/mcp';
import { PRODUCT_NAME } from '@agentry/domain/product';
import {
  buildAgentMeta,
  buildAgentNotFoundMeta,
  buildBasicPageMeta,
  buildDirectoryMeta,
  buildDirectoryNotFoundMeta,
  buildHomeMeta,
  buildLegalMeta,
  buildPageNotFoundMeta,
  buildProviderMeta,
  DIRECTORY_STRUCTURED_DATA_COUNT,
  type DirectorySelection,
  type LegalKind,
} from '@agentry/domain/seo';
import type { Store } from '@agentry/platform/store/port';
import type { ProviderPage } from '../../commands/find-provider-page';
import { StoreVersionCache } from '../../http/store-version-cache';
import { presentAgent } from '../../presenters/agent';
import { renderPageHtml } from './index-template';

// index.html for each page, with the meta the client would set, built by the same functions
// (domain/src/seo.ts) on the public origin. Home and legal pages never change while the process
// runs; the directory changes with the catalog; an agent page is one cheap read.

export interface PageHtml {
  status: 200 | 404;
  html: string;
}

export interface PageRenderer {
  home(): string;
  legal(kind: LegalKind): string;
  /** How to connect an AI assistant (an MCP client). */
  forAiAssistants(): string;
  /**
   * A directory page; page `pageNumber` of a category's or a role's agents (?page=, issue 25) is its
   * own address. `pastLast`: a page past the selection's last agent (served with 404 and noindex).
   */
  directory(selection: DirectorySelection, pageNumber?: number, pastLast?: boolean): Promise<string>;
  /** A category or role the directory does not list (served with 404). */
  directoryNotFound(selection: DirectorySelection): string;
  agent(id: string): Promise<PageHtml>;
  /** A listed agent's page from the answer its first view carries (no read of its own). */
  agentPage(answer: AgentPage): string;
  /** The page of an agent that is not listed (served with 404). */
  agentNotFound(id: string): string;
  /** An account screen (sign-in, dashboards, checkout…): generic meta and noindex. */
  account(path: string): string;
  /**
   * Page `pageNumber` of a provider's page, found (findProviderPage) or not (served with 404); a
   * page number past the provider's last agent is served with 404 and noindex too (the page itself
   * says so and links to the first).
   */
  provider(slug: string, page: ProviderPage | null, pageNumber: number): PageHtml;
  /** Any other address: the app's page that says there is none, with noindex (served with 404). */
  notFound(path: string): string;
}

export function createPageRenderer(store: Store, template: string, origin: string): PageRenderer {
  const fixed = new Map<string, string>();
  const once = (key: string, render: () => string) => {
    let html = fixed.get(key);
    if (html === undefined) {
      html = render();
      fixed.set(key, html);
    }
    return html;
  };
  const directories = new StoreVersionCache<string>(store);
  const agentNotFound = (id: string) =>
    renderPageHtml(template, buildAgentNotFoundMeta(origin, id), origin, { noindex: true });

  return {
    home: () => once('home', () => renderPageHtml(template, buildHomeMeta(origin), origin)),

    legal: (kind) => once(kind, () => renderPageHtml(template, buildLegalMeta(origin, kind), origin)),

    forAiAssistants: () =>
      once('for-ai-assistants', () => renderPageHtml(template, buildForAiAssistantsMeta(origin), origin)),

    directory({ category, role }, pageNumber = 1, pastLast = false) {
      // As on the client: a role counts only with its category.
      const selection = { category: category || null, role: (category && role) || null };
      const page = selection.category ? pageNumber : 1;
      return directories.get(JSON.stringify({ ...selection, page, pastLast }), async () => {
        const filter = { category: selection.category ?? undefined, role: selection.role ?? undefined };
        // The ItemList names the first few agents of the page only; the total comes from a count.
        const offset = directoryPageOffset(page, selection.role !== null);
        const [agents, total] = await Promise.all([
          store.agents.list({ ...filter, limit: DIRECTORY_STRUCTURED_DATA_COUNT, offset }),
          store.agents.count(filter),
        ]);
        const meta = buildDirectoryMeta(origin, agents, selection, total, page);
        return renderPageHtml(template, meta, origin, { noindex: pastLast });
      });
    },

    directoryNotFound: (selection) =>
      renderPageHtml(template, buildDirectoryNotFoundMeta(origin, selection), origin, { noindex: true }),

    async agent(id) {
      const agent = AgentIdParams.safeParse({ id }).success ? await store.agents.get(id) : null;
      if (!agent || agent.removed) return { status: 404, html: agentNotFound(id) };
      return {
        status: 200,
        html: renderPageHtml(
          template,
          buildAgentMeta(origin, presentAgent(agent), (await store.profiles.get(agent.id))?.profile),
          origin,
        ),
      };
    },

    agentPage: (answer) => renderPageHtml(template, buildAgentMeta(origin, answer, answer.profile), origin),

    agentNotFound,

    account: (path) =>
      renderPageHtml(
        template,
        buildBasicPageMeta(origin, {
          title: `Your account | ${PRODUCT_NAME}`,
          description: `Sign in, register your AI agent and manage your ${PRODUCT_NAME} subscription.`,
          path,
        }),
        origin,
        { noindex: true },
      ),

    notFound: (path) =>
      renderPageHtml(template, buildPageNotFoundMeta(origin, path), origin, { noindex: true }),

    provider(slug, page, pageNumber) {
      if (!page) {
        const meta = buildBasicPageMeta(origin, {
          title: `Provider not found | ${PRODUCT_NAME}`,
          description: `This provider has no page on ${PRODUCT_NAME}.`,
          path: `/providers/${encodeURIComponent(slug)}`,
        });
        return { status: 404, html: renderPageHtml(template, meta, origin, { noindex: true }) };
      }
      const meta = buildProviderMeta(origin, page, pageNumber);
      if (pageNumber > 1 && page.agents.length === 0)
        return { status: 404, html: renderPageHtml(template, meta, origin, { noindex: true }) };
      return { status: 200, html: renderPageHtml(template, meta, origin) };
    },
  };
}
