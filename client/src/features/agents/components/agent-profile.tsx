import { isExampleAddress, normalizeAddress } from '@agentry/domain/address';
import { decodeEntities } from '@agentry/domain/html-entities';
import { PRICING_LABELS } from '@agentry/domain/pricing';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { REPLY_BADGE_TEXT } from '@agentry/domain/reply-time';
import { buildAgentMeta, buildAgentNotFoundMeta } from '@agentry/domain/seo';
import { statedText } from '@agentry/domain/stated';
import { type ReactNode, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AgentLogo } from '../../../components/agent-card/agent-logo';
import { UseAgentLink } from '../../../components/agent-card/agent-site-link';
import { PricingBadge } from '../../../components/agent-card/pricing-badge';
import { RoleChip } from '../../../components/agent-card/role-chip';
import { AgentFactsList } from '../../../components/agent-facts/agent-facts-list';
import { TrustBadges } from '../../../components/trust/trust-badges';
import { PageLoading } from '../../../components/ui/page-loading';
import { BACK_TO_CATALOG, StatusPage } from '../../../components/ui/status-page';
import { siteOrigin } from '../../../config/site';
import { useAsync } from '../../../hooks/use-async';
import { useDocumentHead } from '../../../hooks/use-document-head';
import { isNotFound } from '../../../lib/api/api-client';
import { reportAgentClick } from '../../../lib/api/report-agent-click';
import { type AgentPage, agentInPage, getAgent } from '../api/get-agent';
import { directoryLink } from '../utils/directory-link';
import { AgentCompareBar, AgentEmployerActions } from './agent-employer-actions';
import { SimilarAgents } from './similar-agents';
import { SiteCheckLine } from './site-check-line';

// /agents/:id: everything public about one agent, then similar agents. `trust`: the reviews and
// the claim by domain proof, handed in by the route (features do not import each other).

function siteLabel(address: string): string {
  try {
    return new URL(normalizeAddress(address)).host;
  } catch {
    return address;
  }
}

export function AgentProfile({ id, trust }: { id: string; trust?: ReactNode }) {
  const state = useAsync(
    id,
    (signal) => getAgent(id, signal),
    () => agentInPage(id),
  );
  const meta = useMemo(() => {
    const origin = siteOrigin();
    if (state.status === 'success') return buildAgentMeta(origin, state.data, state.data.profile);
    if (state.status === 'error') {
      return buildAgentNotFoundMeta(origin, id);
    }
    return null;
  }, [state, id]);
  useDocumentHead(meta);

  if (state.status === 'loading' || state.status === 'idle') return <PageLoading label="Loading agent..." />;
  if (state.status === 'error') return <AgentUnavailable notFound={isNotFound(state.error)} />;
  return <AgentDetails agent={state.data} trust={trust} />;
}

function AgentUnavailable({ notFound }: { notFound: boolean }) {
  return (
    <StatusPage heading={notFound ? 'Agent not found' : 'We could not load this agent'} {...BACK_TO_CATALOG}>
      <p>
        {notFound
          ? `This agent is not listed on ${PRODUCT_NAME}. It may have been removed, or the link may be mistyped.`
          : 'Something went wrong while loading this agent. Please try again in a moment.'}
      </p>
    </StatusPage>
  );
}

const plainWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The pricing tier is said once, by the badge beside the name: the listing's cost is shown only
 * when it says more than the tier's name (a "Freemium" cost under a Freemium badge and a Freemium
 * "Pricing" line said it three times).
 */
function saysOnlyTier(cost: string, pricing: AgentPage['pricing']): boolean {
  return pricing !== 'unknown' && plainWords(cost) === plainWords(PRICING_LABELS[pricing]);
}

/** The provider's name, a link to their page when they have one (issue 25). */
function ProviderName({ agent, name }: { agent: AgentPage; name: string }) {
  return agent.provider_page ? <Link to={agent.provider_page}>{name}</Link> : name;
}

function AgentDetails({ agent, trust }: { agent: AgentPage; trust?: ReactNode }) {
  const navigate = useNavigate();
  const name = decodeEntities(agent.name);
  const category = decodeEntities(agent.category);
  const address = normalizeAddress(agent.address);
  // What the listing does not know ("Unknown", "N/A") is left out, not shown as a value (issue 25).
  const provider = statedText(agent.provider);
  const cost = statedText(agent.cost);
  return (
    <div className="agent-page container">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/directory">Directory</Link>
          </li>
          <li>
            <Link to={directoryLink(agent.category)}>{category}</Link>
          </li>
          <li>
            <Link to={directoryLink(agent.category, agent.role)}>{decodeEntities(agent.role)}</Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <article className="agent-profile" aria-labelledby="agent-name">
        <header className="agent-profile__header">
          <AgentLogo name={name} logo={agent.logo} size={72} labelled className="agent-profile__logo" />
          <div className="agent-profile__title">
            <h1 id="agent-name">{name}</h1>
            {provider ? (
              <p className="agent-profile__provider">
                by <ProviderName agent={agent} name={provider} />
              </p>
            ) : null}
            {/* From real replies, only with enough employers (domain/reply-time.ts); otherwise nothing. */}
            {agent.replies_within_day ? <p className="agent-profile__replies">{REPLY_BADGE_TEXT}</p> : null}
            <TrustBadges agent={agent} />
          </div>
          <PricingBadge pricing={agent.pricing} />
        </header>
        <p className="agent-profile__description">{decodeEntities(agent.description)}</p>
        <dl className="agent-facts">
          <div>
            <dt>Category</dt>
            <dd>
              <Link to={directoryLink(agent.category)}>{category}</Link>
            </dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>
              <RoleChip
                role={agent.role}
                onSelect={() => navigate(directoryLink(agent.category, agent.role))}
              />
            </dd>
          </div>
          {provider ? (
            <div>
              <dt>Provider</dt>
              <dd>
                <ProviderName agent={agent} name={provider} />
              </dd>
            </div>
          ) : null}
          {cost && !saysOnlyTier(cost, agent.pricing) ? (
            <div>
              <dt>Cost</dt>
              <dd>{cost}</dd>
            </div>
          ) : null}
          <div>
            <dt>Website</dt>
            <dd className="agent-facts__site">
              {siteLabel(address)}
              <SiteCheckLine agentId={agent.id} />
            </dd>
          </div>
        </dl>
        {agent.profile ? <AgentFactsList profile={agent.profile} /> : null}
        {isExampleAddress(agent.address) ? (
          <p className="agent-profile__example">
            An example listing, not a product: its site ({siteLabel(address)}) is not a real one.
          </p>
        ) : null}
        <p className="agent-profile__actions">
          <UseAgentLink
            address={agent.address}
            agentName={name}
            className="button button--primary button--large"
            onClick={() => reportAgentClick(agent.id)}
          />
        </p>
      </article>
      <AgentEmployerActions agent={agent} />
      {trust}
      <SimilarAgents id={agent.id} />
      <AgentCompareBar />
    </div>
  );
}
