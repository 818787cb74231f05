import { decodeEntities } from '@agentry/domain/html-entities';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../../lib/api/api-client';
import { useListedAgents } from '../hooks/use-listed-agents';

// The agents on one list, named from the public agent pages, each with Remove. An agent that has
// left the directory stays on the list, said so, until it is removed.

export function ShortlistAgents({
  listName,
  agentIds,
  authors = new Map(),
  onRemove,
}: {
  listName: string;
  agentIds: readonly string[];
  /** Who added each agent, by agent id (issue 28). */
  authors?: ReadonlyMap<string, string>;
  onRemove: (agentId: string) => Promise<void>;
}) {
  const agents = useListedAgents(agentIds, true);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (agentIds.length === 0) {
    return (
      <p className="form-field__hint">
        No agents yet. Use <strong>Save to list</strong> in the advanced search or on the comparison.
      </p>
    );
  }

  async function remove(agentId: string) {
    if (busy) return;
    setBusy(agentId);
    setFailure(null);
    try {
      await onRemove(agentId);
    } catch (error) {
      setFailure(errorText(error, 'Failed to remove the agent. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <ul className="shortlist-agents" aria-label={`Agents on ${listName}`}>
        {agentIds.map((id) => {
          const read = agents.get(id);
          const name = read?.status === 'listed' ? decodeEntities(read.agent.name) : `Agent ${id}`;
          return (
            <li key={id} className="shortlist-agent">
              <div className="shortlist-agent__main">
                {read?.status === 'listed' ? (
                  <>
                    <Link to={`/agents/${encodeURIComponent(id)}`}>{name}</Link>
                    <span className="shortlist-agent__meta">
                      {decodeEntities(read.agent.provider)} · {decodeEntities(read.agent.category)} ·{' '}
                      {decodeEntities(read.agent.cost)}
                    </span>
                  </>
                ) : read?.status === 'missing' ? (
                  <span>{name}: no longer listed</span>
                ) : read?.status === 'error' ? (
                  <span>{name}: could not be loaded just now</span>
                ) : (
                  <span className="shortlist-agent__meta">Loading {name}...</span>
                )}
                {authors.get(id) ? (
                  <span className="shortlist-agent__meta shortlist-agent__author">
                    Added by {authors.get(id)}
                  </span>
                ) : null}
              </div>
              <button
                type="button"
                className="link-button"
                aria-disabled={busy !== null || undefined}
                onClick={() => void remove(id)}
              >
                {busy === id ? 'Removing...' : 'Remove'}
                <span className="visually-hidden">
                  {' '}
                  {name} from {listName}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {failure ? (
        <p className="form-field__error" role="alert">
          {failure}
        </p>
      ) : null}
    </>
  );
}
