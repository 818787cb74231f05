import type { PublicAgent } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/entities';
import type { Hit } from 'instantsearch.js';
import { useHits } from 'react-instantsearch';
import { AgentCard } from '../../../components/agent-card/agent-card';
import { AgentActions } from '../../../components/employer-tools/agent-actions';

// The results: each agent as the site's card, with Compare, Save to list and Contact / Request
// demo under it.

type AgentHit = Hit<PublicAgent & Record<string, unknown>>;

export function SearchHits({ onRoleSelect }: { onRoleSelect: (role: string, category: string) => void }) {
  const { items } = useHits<AgentHit>();
  if (items.length === 0) return null;
  return (
    <ul className="agent-grid employer-hits">
      {items.map((hit) => {
        const id = typeof hit.id === 'string' ? hit.id : hit.objectID;
        return (
          <li key={hit.objectID} className="employer-hit">
            <AgentCard agent={{ ...hit, id }} onRoleSelect={onRoleSelect} />
            <AgentActions
              agent={{ id, name: decodeEntities(hit.name) }}
              className="agent-actions employer-hit__actions"
            />
          </li>
        );
      })}
    </ul>
  );
}
