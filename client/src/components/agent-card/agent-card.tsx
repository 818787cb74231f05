import type { PublicAgent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/html-entities';
import { statedText } from '@agentry/domain/stated';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { reportAgentClick } from '../../lib/api/report-agent-click';
import { TrustBadges } from '../trust/trust-badges';
import { AgentLogo } from './agent-logo';
import { UseAgentLink } from './agent-site-link';
import { ExampleBadge } from './example-badge';
import { PricingBadge } from './pricing-badge';
import { RoleChip } from './role-chip';

// One agent as a card (spec section 1): its logo (issue 25), name, category, role chip, provider
// (a link to the provider's page while it has one, issue 25), description, cost and a link to use it. Text arrives entity-encoded and is decoded here; the search passes
// highlighted versions of the fields it matched.

export type HighlightableField = 'name' | 'provider' | 'category' | 'role' | 'description';

interface AgentCardProps {
  agent: PublicAgent;
  onRoleSelect: (role: string, category: string) => void;
  highlights?: Partial<Record<HighlightableField, ReactNode>>;
  /** Why a search found the agent, as one line ("matches: customer emails · role: …"). */
  why?: string;
}

export function AgentCard({ agent, onRoleSelect, highlights = {}, why }: AgentCardProps) {
  const name = decodeEntities(agent.name);
  // "Unknown" is no provider and no price: the line is left out (issue 25).
  const provider = statedText(agent.provider);
  const cost = statedText(agent.cost);
  // On the provider's own page its name leads nowhere new: text there.
  const here = useLocation().pathname;
  const providerPage = agent.provider_page && agent.provider_page !== here ? agent.provider_page : null;
  const headingId = `agent-${agent.id}-name`;
  return (
    <article className="agent-card" aria-labelledby={headingId}>
      <div className="agent-card__top">
        <div className="agent-card__identity">
          <AgentLogo name={name} logo={agent.logo} />
          <h3 className="agent-card__name" id={headingId}>
            <Link to={`/agents/${encodeURIComponent(agent.id)}`}>{highlights.name ?? name}</Link>
          </h3>
        </div>
        <PricingBadge pricing={agent.pricing} />
      </div>
      {provider ? (
        <p className="agent-card__provider">
          <span className="visually-hidden">Provider: </span>
          by{' '}
          {providerPage ? (
            <Link to={providerPage} className="agent-card__provider-link">
              {highlights.provider ?? provider}
            </Link>
          ) : (
            (highlights.provider ?? provider)
          )}
        </p>
      ) : null}
      <TrustBadges agent={agent} />
      <ExampleBadge address={agent.address} />
      <div className="agent-card__tags">
        <span className="agent-card__category">
          <span className="visually-hidden">Category: </span>
          {highlights.category ?? decodeEntities(agent.category)}
        </span>
        <RoleChip role={agent.role} onSelect={() => onRoleSelect(agent.role, agent.category)}>
          {highlights.role}
        </RoleChip>
      </div>
      <p className="agent-card__description">{highlights.description ?? decodeEntities(agent.description)}</p>
      {why && (
        <p className="agent-card__why">
          <span className="visually-hidden">Why this matched: </span>
          {why}
        </p>
      )}
      <div className="agent-card__footer">
        {cost ? (
          <p className="agent-card__cost">
            <span className="agent-card__cost-label">Cost</span> {cost}
          </p>
        ) : (
          <span />
        )}
        <UseAgentLink address={agent.address} agentName={name} onClick={() => reportAgentClick(agent.id)} />
      </div>
    </article>
  );
}
