import { type RefObject, useRef, useState } from 'react';
import { CompareToggle } from './compare-toggle';
import { ContactRequestDialog, type DialogAgent } from './contact-request-dialog';
import { SaveToListDialog } from './save-to-list-dialog';

// The employer tools for one agent: Compare, Save to list and Contact / Request demo. The dialogs
// explain themselves to anyone who may not use them (a visitor, a provider, a lapsed employer).

type Open = 'save' | 'contact' | null;

export function AgentActions({
  agent,
  className = 'agent-actions',
}: {
  agent: DialogAgent;
  className?: string;
}) {
  const [open, setOpen] = useState<Open>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const contactRef = useRef<HTMLButtonElement>(null);
  return (
    <div className={className}>
      <CompareToggle agent={agent} />
      <button
        ref={saveRef}
        type="button"
        className="button button--secondary button--small"
        aria-haspopup="dialog"
        onClick={() => setOpen('save')}
      >
        Save to list<span className="visually-hidden"> ({agent.name})</span>
      </button>
      <ContactButton agent={agent} buttonRef={contactRef} onOpen={() => setOpen('contact')} />
      {open === 'save' ? (
        <SaveToListDialog agents={[agent]} onClose={() => setOpen(null)} returnFocusTo={saveRef} />
      ) : null}
      {open === 'contact' ? (
        <ContactRequestDialog agent={agent} onClose={() => setOpen(null)} returnFocusTo={contactRef} />
      ) : null}
    </div>
  );
}

function ContactButton({
  agent,
  buttonRef,
  onOpen,
}: {
  agent: DialogAgent;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onOpen: () => void;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="button button--primary button--small"
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      Contact / Request demo<span className="visually-hidden"> ({agent.name})</span>
    </button>
  );
}

/** "Contact / Request demo" on its own, with its dialog (the comparison has one per agent). */
export function ContactAction({ agent }: { agent: DialogAgent }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <>
      <ContactButton agent={agent} buttonRef={ref} onOpen={() => setOpen(true)} />
      {open ? (
        <ContactRequestDialog agent={agent} onClose={() => setOpen(false)} returnFocusTo={ref} />
      ) : null}
    </>
  );
}
