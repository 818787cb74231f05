import { useRef, useState } from 'react';
import { formatWhen } from '../../../components/inbox/inbox-api';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/api/api-client';
import type { ApiKey } from '../api/api-keys';

// One API key: its name, its first characters, when it was made and last used, and Revoke after
// a confirmation (a program using it is refused from its next request).

export function ApiKeyItem({
  apiKey,
  onRevoke,
  onRevoked,
}: {
  apiKey: ApiKey;
  onRevoke: (id: string) => Promise<void>;
  onRevoked: (name: string) => void;
}) {
  const [revoking, setRevoking] = useState<'asking' | 'busy' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const revokeRef = useRef<HTMLButtonElement>(null);
  const headingId = `api-key-${apiKey.id}`;

  async function confirm() {
    setRevoking('busy');
    setFailure(null);
    try {
      await onRevoke(apiKey.id);
      onRevoked(apiKey.name);
    } catch (error) {
      setFailure(errorText(error, 'Failed to revoke the key'));
      setRevoking('asking');
    }
  }

  return (
    <article className="shortlist api-key" aria-labelledby={headingId}>
      <h3 id={headingId} className="shortlist__name">
        {apiKey.name}
      </h3>
      <p className="api-key__meta">
        <span>
          <span className="visually-hidden">Key starting </span>
          <code className="api-key__prefix">{apiKey.prefix}</code>…
        </span>
        <span>Created {formatWhen(apiKey.created_at)}</span>
        <span>{apiKey.last_used_at ? `Last used ${formatWhen(apiKey.last_used_at)}` : 'Never used'}</span>
      </p>
      <div className="shortlist__actions">
        <button ref={revokeRef} type="button" className="link-button" onClick={() => setRevoking('asking')}>
          Revoke<span className="visually-hidden"> {apiKey.name}</span>
        </button>
      </div>
      {revoking ? (
        <ConfirmDialog
          title={`Revoke ${apiKey.name}?`}
          confirmLabel="Revoke key"
          dismissLabel="Keep it"
          busy={revoking === 'busy'}
          busyLabel="Revoking..."
          error={failure}
          onConfirm={() => void confirm()}
          onDismiss={() => {
            setRevoking(null);
            setFailure(null);
          }}
          returnFocusTo={revokeRef}
        >
          <p>
            Anything using this key (an assistant, a script) is refused from its next request. This cannot be
            undone: you would create a new key.
          </p>
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
