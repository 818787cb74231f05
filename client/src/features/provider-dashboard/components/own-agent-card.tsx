import { decodeEntities } from '@agentry/domain/html-entities';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { AgentLogo } from '../../../components/agent-card/agent-logo';
import { UseAgentLink } from '../../../components/agent-card/agent-site-link';
import { PricingBadge } from '../../../components/agent-card/pricing-badge';
import type { OwnAgent } from '../api/get-own-agents';
import { AgentEditForm } from './agent-edit-form';
import { AgentFactsEditor } from './agent-facts-editor';
import { DeleteAgentDialog } from './delete-agent-dialog';
import { OwnLogoField } from './own-logo-field';

// One of the provider's agents on the dashboard: the public card's fields (same look as
// components/agent-card) with Edit, which turns the card into its form, and Delete.

type Mode = 'view' | 'edit' | 'facts' | 'confirm-delete';

export function OwnAgentCard({
  agent,
  onSaved,
  onDeleted,
}: {
  agent: OwnAgent;
  onSaved: (agent: OwnAgent) => void;
  onDeleted: (agent: OwnAgent) => void;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [saved, setSaved] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  // The edit form replaces the card, so Edit gets focus back once the card is back; the delete
  // dialog gives it back to Delete itself.
  const returnToEdit = useRef(false);
  const name = decodeEntities(agent.name);
  const headingId = `own-agent-${agent.id}-name`;

  useEffect(() => {
    if (mode !== 'view' || !returnToEdit.current) return;
    returnToEdit.current = false;
    editRef.current?.focus();
  }, [mode]);

  const closeEditor = () => {
    returnToEdit.current = true;
    setMode('view');
  };

  if (mode === 'edit') {
    return (
      <article className="agent-card agent-card--editing" aria-labelledby={headingId}>
        <h3 className="agent-card__name" id={headingId}>
          Edit {name}
        </h3>
        <OwnLogoField
          agentId={agent.id}
          name={name}
          logo={agent.logo}
          onChange={(logo) => onSaved({ ...agent, logo })}
        />
        <AgentEditForm
          agent={agent}
          onSaved={(updated) => {
            setSaved(true);
            onSaved(updated);
            closeEditor();
          }}
          onCancel={closeEditor}
        />
      </article>
    );
  }

  if (mode === 'facts') {
    return (
      <article className="agent-card agent-card--editing" aria-labelledby={headingId}>
        <h3 className="agent-card__name" id={headingId}>
          Profile of {name}
        </h3>
        <AgentFactsEditor
          agentId={agent.id}
          onSaved={() => {
            setSaved(true);
            closeEditor();
          }}
          onCancel={closeEditor}
        />
      </article>
    );
  }

  return (
    <article className="agent-card" aria-labelledby={headingId}>
      <div className="agent-card__top">
        <div className="agent-card__identity">
          <AgentLogo name={name} logo={agent.logo} />
          <h3 className="agent-card__name" id={headingId}>
            <Link to={`/agents/${encodeURIComponent(agent.id)}`}>{name}</Link>
          </h3>
        </div>
        <PricingBadge pricing={agent.pricing} />
      </div>
      <p className="agent-card__provider">
        <span className="visually-hidden">Provider: </span>by {decodeEntities(agent.provider)}
      </p>
      <p className="agent-card__tags">
        <span className="agent-card__category">
          <span className="visually-hidden">Category: </span>
          {decodeEntities(agent.category)}
        </span>
        <span className="own-agent__role">
          <span className="visually-hidden">Role: </span>
          {decodeEntities(agent.role)}
        </span>
      </p>
      <p className="agent-card__description">{decodeEntities(agent.description)}</p>
      {agent.status ? <p className="own-agent__status">Status: {agent.status}</p> : null}
      <div className="agent-card__footer">
        <p className="agent-card__cost">
          <span className="agent-card__cost-label">Cost</span> {decodeEntities(agent.cost)}
        </p>
        <UseAgentLink
          address={agent.address}
          agentName={name}
          className="button button--secondary button--small"
        />
      </div>
      <div className="own-agent__actions">
        <button
          className="button button--primary button--small"
          type="button"
          ref={editRef}
          onClick={() => {
            setSaved(false);
            setMode('edit');
          }}
        >
          Edit<span className="visually-hidden"> {name}</span>
        </button>
        <button
          className="button button--secondary button--small"
          type="button"
          onClick={() => {
            setSaved(false);
            setMode('facts');
          }}
        >
          Profile<span className="visually-hidden"> of {name}</span>
        </button>
        <button
          className="button button--secondary button--small"
          type="button"
          ref={deleteRef}
          onClick={() => {
            setSaved(false);
            setMode('confirm-delete');
          }}
        >
          Delete<span className="visually-hidden"> {name}</span>
        </button>
        <span className="own-agent__saved" role="status">
          {saved ? 'Changes saved' : ''}
        </span>
      </div>
      {mode === 'confirm-delete' ? (
        <DeleteAgentDialog
          agentId={agent.id}
          agentName={name}
          returnFocusTo={deleteRef}
          onDeleted={() => onDeleted(agent)}
          onCancel={() => setMode('view')}
        />
      ) : null}
    </article>
  );
}
