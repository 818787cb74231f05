import type { PublicAgent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/html-entities';
import type { Hit } from 'instantsearch.js';
import { memo } from 'react';
import { useHits } from 'react-instantsearch';
import { AgentCard } from '../../../components/agent-card/agent-card';
import { AgentActions } from '../../../components/employer-tools/agent-actions';
import { isRelated, whyOf } from '../../../lib/match-info';

// The results: each agent as the site's card with why the search found it, and Compare, Save to
// list and Contact / Request demo under it; agents below the match floor come after the matches,
// under their own heading.

type AgentHit = Hit<PublicAgent & Record<string, unknown>>;

interface SearchHitsProps {
  onRoleSelect: (role: string, category: string) => void;
}

/** The cards re-render only for new results (issue 25: a keystroke answers within 200 ms). */
export function SearchHits({ onRoleSelect }: SearchHitsProps) {
  const { items } = useHits<AgentHit>();
  return <HitList items={items} onRoleSelect={onRoleSelect} />;
}

const HitList = memo(function HitList({ items, onRoleSelect }: SearchHitsProps & { items: AgentHit[] }) {
  if (items.length === 0) return null;
  const hit = (item: AgentHit) => {
    const id = typeof item.id === 'string' ? item.id : item.objectID;
    return (
      <li key={item.objectID} className="employer-hit">
        <AgentCard agent={{ ...item, id }} why={whyOf(item)?.text} onRoleSelect={onRoleSelect} />
        <AgentActions
          agent={{ id, name: decodeEntities(item.name) }}
          className="agent-actions employer-hit__actions"
        />
      </li>
    );
  };
  const matches = items.filter((item) => !isRelated(item));
  const related = items.filter(isRelated);
  return (
    <>
      {matches.length > 0 && <ul className="agent-grid employer-hits">{matches.map(hit)}</ul>}
      {related.length > 0 && (
        <section className="related-agents" aria-labelledby="employer-related-heading">
          <h3 id="employer-related-heading" className="related-agents__heading">
            Related agents
          </h3>
          <p className="related-agents__note">They match part of what you asked, not all of it.</p>
          <ul className="agent-grid employer-hits">{related.map(hit)}</ul>
        </section>
      )}
    </>
  );
});
