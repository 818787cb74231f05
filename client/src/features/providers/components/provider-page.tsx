import { normalizeAddress } from '@agentry/domain/address';
import { decodeEntities } from '@agentry/domain/html-entities';
import { providerPageHref, providerPageNumber, providerPageOffset } from '@agentry/domain/provider-page';
import { buildBasicPageMeta, buildProviderMeta, SITE_NAME } from '@agentry/domain/seo';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AgentCard } from '../../../components/agent-card/agent-card';
import { AgentGrid } from '../../../components/agent-card/agent-grid';
import { VerifiedBadge } from '../../../components/trust/trust-badges';
import { PageLoading } from '../../../components/ui/page-loading';
import { ShowMoreLink, useAppendedFocus } from '../../../components/ui/show-more-link';
import { BACK_TO_CATALOG, StatusPage } from '../../../components/ui/status-page';
import { siteOrigin } from '../../../config/site';
import { useDocumentHead } from '../../../hooks/use-document-head';
import { isNotFound } from '../../../lib/api/api-client';
import type { ProviderPage as Provider } from '../api/get-provider';
import { type ProviderPages, useProviderPages } from '../hooks/use-provider-pages';

// /providers/:slug: a subscribed provider's page, the provider plan's benefit: their agents and
// a followed link to their site (the backlink they pay for, so no rel="nofollow"). The server
// renders the crawler meta and JSON-LD for this address, and the page itself with its answer
// (issue 25, the first view), which the client takes over without asking again; the client keeps
// the head in step. Agents come a page at a time (24, the page its address names: ?page=N), so a
// provider with thousands renders a screenful and its HTML carries one page; "Show more" is a link
// to the next page, appended in place when JavaScript runs.

const siteHost = (address: string) => {
  try {
    return new URL(normalizeAddress(address)).host;
  } catch {
    return address;
  }
};

function directoryLink(category: string, role: string): string {
  return `/directory?${new URLSearchParams({ category, role }).toString()}`;
}

export function ProviderPage({ slug }: { slug: string }) {
  const [searchParams] = useSearchParams();
  const pageNumber = providerPageNumber(searchParams.get('page') ?? undefined);
  const pages = useProviderPages(slug, pageNumber);
  const state = pages.page;
  const meta = useMemo(() => {
    // The same meta the server renders for crawlers (domain/seo), so both agree.
    if (state.status === 'success') return buildProviderMeta(siteOrigin(), state.data, pageNumber);
    if (state.status === 'error') {
      return buildBasicPageMeta(siteOrigin(), {
        title: `Provider not found | ${SITE_NAME}`,
        description: `This provider has no page on ${SITE_NAME}.`,
        path: `/providers/${encodeURIComponent(slug)}`,
      });
    }
    return null;
  }, [state, slug, pageNumber]);
  useDocumentHead(meta);

  if (state.status === 'loading' || state.status === 'idle')
    return <PageLoading label="Loading provider..." />;
  if (state.status === 'error') return <ProviderUnavailable notFound={isNotFound(state.error)} />;
  return <ProviderDetails provider={state.data} pageNumber={pageNumber} pages={pages} />;
}

function ProviderUnavailable({ notFound }: { notFound: boolean }) {
  return (
    <StatusPage
      heading={notFound ? 'Provider not found' : 'We could not load this provider'}
      {...BACK_TO_CATALOG}
    >
      <p>
        {notFound
          ? 'No provider page lives at this address. The link may be mistyped, or the page is no longer published.'
          : 'Something went wrong while loading this page. Please try again in a moment.'}
      </p>
    </StatusPage>
  );
}

function ProviderDetails({
  provider,
  pageNumber,
  pages,
}: {
  provider: Provider;
  pageNumber: number;
  pages: ProviderPages;
}) {
  const navigate = useNavigate();
  const name = decodeEntities(provider.name);
  const total = provider.total;
  const { agents, hasMore, more, nextPage, loadMore } = pages;
  const from = providerPageOffset(pageNumber) + 1;
  const to = from + agents.length - 1;
  // The first card "Show more" brought takes the focus.
  const focus = useAppendedFocus(agents.length);
  const onMore = () => {
    focus.expect();
    loadMore();
  };
  return (
    <div className="container provider-page">
      <header className="page-header">
        <p className="provider-page__eyebrow">AI agent provider</p>
        <h1>{name}</h1>
        {provider.website ? (
          <p className="provider-page__site">
            {/* A followed link on purpose: it is what the provider plan offers. */}
            <a href={normalizeAddress(provider.website)} rel="noopener">
              {siteHost(provider.website)}
            </a>
          </p>
        ) : null}
        {provider.verified_domains.length > 0 ? (
          <p className="trust-badges">
            {provider.verified_domains.map((domain) => (
              <span key={domain}>
                <VerifiedBadge domain={domain} /> <span className="provider-page__domain">{domain}</span>
              </span>
            ))}
          </p>
        ) : null}
        <p className="page-header__lead">
          {total === 0
            ? `${name} has no agents listed at the moment.`
            : `${total} AI ${total === 1 ? 'agent' : 'agents'} by ${name}.`}
        </p>
      </header>
      {agents.length > 0 ? (
        <AgentGrid label={`Agents by ${name}`}>
          {agents.map((agent, at) => (
            <li key={agent.id} ref={focus.refAt(at)}>
              <AgentCard
                agent={agent}
                onRoleSelect={(role, category) => navigate(directoryLink(category, role))}
              />
            </li>
          ))}
        </AgentGrid>
      ) : total > 0 ? (
        <p>
          This page lists no agents: {name} lists {total}.{' '}
          <Link to={providerPageHref(provider.slug, 1)}>See the first agents</Link>.
        </p>
      ) : (
        <p>
          <Link to="/directory">Browse the directory</Link> for other agents.
        </p>
      )}
      {agents.length > 0 && (hasMore || pageNumber > 1) ? (
        <ShowMoreLink
          hasMore={hasMore}
          nextHref={providerPageHref(provider.slug, nextPage)}
          firstHref={pageNumber > 1 ? providerPageHref(provider.slug, 1) : null}
          more={more}
          onMore={onMore}
          failure="We could not load more agents. Please try again."
        >
          <p className="results-summary" aria-live="polite">
            {pageNumber === 1
              ? `Showing ${to} of ${total} agents`
              : `Showing agents ${from}–${to} of ${total}`}
          </p>
        </ShowMoreLink>
      ) : null}
    </div>
  );
}
