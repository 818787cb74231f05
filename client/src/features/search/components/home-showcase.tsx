import type { PublicAgent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/html-entities';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TrustBadges } from '../../../components/trust/trust-badges';
import { useAsync } from '../../../hooks/use-async';
import { formatCount } from '../../../lib/format-count';
import {
  categoryCountsInPage,
  getCategoryCounts,
  getShowcase,
  getSignals,
  showcaseInPage,
  signalsInPage,
} from '../api/get-home-showcase';

// Below the search box until a search is made (issue 25: the home page was a headline, a box and
// two links): jobs people describe, as searches one click away; the categories with how many
// agents each lists; and this week's trending agents when there are any (from the people-counting
// signals, GET /api/signals). Part 2: new agents, agents of verified providers and well-reviewed
// agents (GET /api/showcase), each list shown only when it has agents. Every tile is a link with
// an address of its own.

/** Plain-words jobs that find agents in the catalog, each a search link. */
export const EXAMPLE_JOBS = [
  'answer customer emails in Spanish',
  'bookkeeping for a small shop',
  'take notes in sales calls',
  'screen job applicants',
  'write product descriptions',
  'review contracts for risky clauses',
] as const;

const searchLink = (query: string) => `/?${new URLSearchParams({ query })}`;

export function HomeShowcase() {
  const counts = useAsync('home-category-counts', getCategoryCounts, categoryCountsInPage);
  const signals = useAsync('home-signals', getSignals, signalsInPage);
  const categories =
    counts.status === 'success'
      ? [...counts.data].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      : [];
  const trending = signals.status === 'success' ? signals.data.trending : [];
  const showcase = useAsync('home-showcase', getShowcase, showcaseInPage);
  const lists = showcase.status === 'success' ? showcase.data : null;

  return (
    <div className="home-showcase container">
      <section aria-labelledby="home-examples-heading">
        <h2 id="home-examples-heading">Try a job</h2>
        <ul className="example-jobs">
          {EXAMPLE_JOBS.map((job) => (
            <li key={job}>
              <Link className="example-job" to={searchLink(job)}>
                {job}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {categories.length > 0 ? (
        <section aria-labelledby="home-categories-heading">
          <h2 id="home-categories-heading">Browse by category</h2>
          <ul className="category-tiles">
            {categories.map(({ name, count }) => (
              <li key={name}>
                <Link className="category-tile" to={`/directory?${new URLSearchParams({ category: name })}`}>
                  <span className="category-tile__name">{decodeEntities(name)}</span>
                  <span className="category-tile__count">
                    {count === 1 ? '1 agent' : `${formatCount(count)} agents`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {trending.length > 0 ? (
        <section aria-labelledby="home-trending-heading">
          <h2 id="home-trending-heading">Trending this week</h2>
          <ul className="category-tiles">
            {trending.map(({ agent, people }) => (
              <li key={agent.id}>
                <Link className="category-tile" to={`/agents/${encodeURIComponent(agent.id)}`}>
                  <span className="category-tile__name">{decodeEntities(agent.name)}</span>
                  <span className="category-tile__count">
                    {decodeEntities(agent.role)} · {formatCount(people)} people this week
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {lists ? (
        <>
          <AgentTiles id="home-verified" title="Verified providers" agents={lists.verified} />
          <AgentTiles id="home-reviewed" title="Well reviewed" agents={lists.well_reviewed} />
          <AgentTiles id="home-newest" title="New in the directory" agents={lists.newest} />
        </>
      ) : null}
    </div>
  );
}

/** One list of agents as tiles (name, role and provider, the trust badges); nothing when empty. */
function AgentTiles({ id, title, agents }: { id: string; title: ReactNode; agents: PublicAgent[] }) {
  if (agents.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <ul className="category-tiles">
        {agents.map((agent) => (
          <li key={agent.id}>
            <Link className="category-tile agent-tile" to={`/agents/${encodeURIComponent(agent.id)}`}>
              <span className="category-tile__name">{decodeEntities(agent.name)}</span>
              <span className="category-tile__count">{decodeEntities(agent.role)}</span>
              <TrustBadges agent={agent} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
