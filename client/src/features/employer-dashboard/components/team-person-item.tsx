import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/api/api-client';

// One person of the Team section (a member, or an invitation waiting) and what may be done to
// them, after a confirmation: remove, leave, cancel.

export interface PersonAction {
  label: string;
  confirmTitle: string;
  confirmText: string;
  run: () => Promise<void>;
}

export function TeamPersonItem({
  name,
  detail,
  action,
}: {
  name: string;
  detail: string;
  action: PersonAction | null;
}) {
  const [asking, setAsking] = useState<'asking' | 'busy' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  async function confirm() {
    if (!action) return;
    setAsking('busy');
    setFailure(null);
    try {
      await action.run();
    } catch (error) {
      setFailure(errorText(error, 'That did not work. Please try again.'));
      setAsking('asking');
    }
  }

  return (
    <div className="team-person">
      <div className="team-person__main">
        <span className="team-person__name">{name}</span>
        <span className="team-person__detail">{detail}</span>
      </div>
      {action ? (
        <button ref={buttonRef} type="button" className="link-button" onClick={() => setAsking('asking')}>
          {action.label}
          <span className="visually-hidden"> {name}</span>
        </button>
      ) : null}
      {action && asking ? (
        <ConfirmDialog
          title={action.confirmTitle}
          confirmLabel={action.label}
          dismissLabel="Keep"
          busy={asking === 'busy'}
          busyLabel="Working..."
          error={failure}
          onConfirm={() => void confirm()}
          onDismiss={() => {
            setAsking(null);
            setFailure(null);
          }}
          returnFocusTo={buttonRef}
        >
          <p>{action.confirmText}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
