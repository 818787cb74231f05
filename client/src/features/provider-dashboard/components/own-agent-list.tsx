import { decodeEntities } from '@agentry/domain/html-entities';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { AgentGrid } from '../../../components/agent-card/agent-grid';
import { PageLoading } from '../../../components/ui/page-loading';
import type { OwnAgent } from '../api/get-own-agents';
import type { OwnAgentsState } from '../hooks/use-own-agents';
import { OwnAgentCard } from './own-agent-card';

// "Your agents": the provider's own agents as cards, and what to do when there are none.

export function OwnAgentList({
  state,
  onSaved,
  onDeleted,
  onRetry,
}: {
  state: OwnAgentsState;
  onSaved: (agent: OwnAgent) => void;
  onDeleted: (id: string) => void;
  onRetry: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [deletions, setDeletions] = useState(0);

  // The card (and the focused dialog in it) is gone: keep the keyboard user in this section. In an
  // effect, so the modal dialog has left and the page behind it takes focus again.
  useEffect(() => {
    if (deletions > 0) headingRef.current?.focus();
  }, [deletions]);

  function deleted(agent: OwnAgent) {
    onDeleted(agent.id);
    setAnnouncement(`${decodeEntities(agent.name)} was deleted.`);
    setDeletions((count) => count + 1);
  }

  return (
    <section className="dashboard-section" aria-labelledby="own-agents-title">
      <div className="dashboard-section__head">
        <h2 id="own-agents-title" ref={headingRef} tabIndex={-1}>
          Your agents
          {state.status === 'ready' ? (
            <span className="dashboard-section__count"> ({state.agents.length})</span>
          ) : null}
        </h2>
        <Link className="button button--secondary button--small" to="/register-agent">
          Add another agent
        </Link>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {state.status === 'loading' ? <PageLoading label="Loading your agents..." /> : null}
      {state.status === 'error' ? (
        <div className="notice notice--error" role="alert">
          Failed to load your agents{' '}
          <button className="link-button" type="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
      {state.status === 'ready' && state.agents.length === 0 ? (
        <div className="empty-state">
          <p>You have no agents listed under this account yet.</p>
          <p>
            <Link to="/register-agent">Register an agent</Link>, or confirm your e-mail address to receive the
            agents registered under it.
          </p>
        </div>
      ) : null}
      {state.status === 'ready' && state.agents.length > 0 ? (
        <AgentGrid label="Your agents">
          {state.agents.map((agent) => (
            <li key={agent.id}>
              <OwnAgentCard agent={agent} onSaved={onSaved} onDeleted={deleted} />
            </li>
          ))}
        </AgentGrid>
      ) : null}
    </section>
  );
}
