import { normalizeAddress } from '@agentry/domain/address';
import { CATEGORY_PAGE_SIZE } from '@agentry/domain/directory-reads';
import { decodeEntities } from '@agentry/domain/html-entities';
import { buildBasicPageMeta, buildProviderMeta, SITE_NAME } from '@agentry/domain/seo';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AgentCard } from '../../../components/agent-card/agent-card';
import { AgentGrid } from '../../../components/agent-card/agent-grid';
import { VerifiedBadge } from '../../../components/trust/trust-badges';
import { PageLoading } from '../../../components/ui/page-loading';
import { BACK_TO_CATALOG, StatusPage } from '../../../components/ui/status-page';
import { siteOrigin } from '../../../config/site';
import { useAsync } from '../../../hooks/use-async';
import { useDocumentHead } from '../../../hooks/use-document-head';
import { isNotFound } from '../../../lib/api/api-client';
import { getProvider, type ProviderPage as Provider, providerInPage } from '../api/get-provider';

// /providers/:slug: a subscribed provider's page, the provider plan's benefit: their agents and
// a followed link to their site (the backlink they pay for, so no rel="nofollow"). The server
// renders the crawler meta and JSON-LD for this address, and the page itself with its answer
// (issue 25, the first view), which the client takes over without asking again; the client keeps
// the head in step. Agents show a page at a time, so a provider with hundreds renders a screenful.

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
  const state = useAsync(
    slug,
    (signal) => getProvider(slug, signal),
    () => providerInPage(slug),
  );
  const meta = useMemo(() => {
    // The same meta the server renders for crawlers (domain/seo), so both agree.
    if (state.status === 'success') return buildProviderMeta(siteOrigin(), state.data);
    if (state.status === 'error') {
      return buildBasicPageMeta(siteOrigin(), {
        title: `Provider not found | ${SITE_NAME}`,
        description: `This provider has no page on ${SITE_NAME}.`,
        path: `/providers/${encodeURIComponent(slug)}`,
      });
    }
    return null;
  }, [state, slug]);
  useDocumentHead(meta);

  if (state.status === 'loading' || state.status === 'idle')
    return <PageLoading label="Loading provider..." />;
  if (state.status === 'error') return <ProviderUnavailable notFound={isNotFound(state.error)} />;
  return <ProviderDetails provider={state.data} />;
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

function ProviderDetails({ provider }: { provider: Provider }) {
  const navigate = useNavigate();
  const [shown, setShown] = useState(CATEGORY_PAGE_SIZE);
  const name = decodeEntities(provider.name);
  const count = provider.agents.length;
  // The domains this provider proved, as its listings carry them (issue 26).
  const verified = [
    ...new Set(provider.agents.flatMap((agent) => (agent.verified_domain ? [agent.verified_domain] : []))),
  ];
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
        {verified.length > 0 ? (
          <p className="trust-badges">
            {verified.map((domain) => (
              <span key={domain}>
                <VerifiedBadge domain={domain} /> <span className="provider-page__domain">{domain}</span>
              </span>
            ))}
          </p>
        ) : null}
        <p className="page-header__lead">
          {count === 0
            ? `${name} has no agents listed at the moment.`
            : `${count} AI ${count === 1 ? 'agent' : 'agents'} by ${name}.`}
        </p>
      </header>
      {count > 0 ? (
        <AgentGrid label={`Agents by ${name}`}>
          {provider.agents.slice(0, shown).map((agent) => (
            <li key={agent.id}>
              <AgentCard
                agent={agent}
                onRoleSelect={(role, category) => navigate(directoryLink(category, role))}
              />
            </li>
          ))}
        </AgentGrid>
      ) : (
        <p>
          <Link to="/directory">Browse the directory</Link> for other agents.
        </p>
      )}
      {shown < count ? (
        <div className="show-more">
          <p className="results-summary">{`Showing ${shown} of ${count} agents`}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setShown((now) => now + CATEGORY_PAGE_SIZE)}
          >
            Show more
          </button>
        </div>
      ) : null}
    </div>
  );
}
