import { MAX_LENGTHS } from '@agentry/domain/input-lengths';
import { TEAM_INVITATION_DAYS, TEAM_MESSAGES } from '@agentry/domain/team';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { errorText } from '../../../lib/api/api-client';

/** "Invite a colleague": an e-mail address; the server's refusals (seats taken, invited already) as it words them. */
export function TeamInviteForm({
  full,
  onInvite,
}: {
  full: boolean;
  onInvite: (email: string) => Promise<unknown>;
}) {
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '') {
      setFailure('Please enter your colleague’s e-mail address');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onInvite(email.trim());
      setEmail('');
    } catch (error) {
      setFailure(errorText(error, 'Failed to send the invitation. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (full) return <p className="form-field__hint">{TEAM_MESSAGES.seatsFull}</p>;
  return (
    <form
      className="shortlist-new"
      aria-label="Invite a colleague"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <div className="field form-field">
        <label htmlFor="team-invite-email">Invite a colleague by e-mail</label>
        <p className="form-field__hint" id="team-invite-hint">
          They get a link valid for {TEAM_INVITATION_DAYS} days, to sign in or create their account and join.
        </p>
        <div className="shortlist-new__row">
          <input
            id="team-invite-email"
            type="email"
            autoComplete="off"
            value={email}
            maxLength={MAX_LENGTHS.email}
            placeholder="colleague@example.com"
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? 'team-invite-hint team-invite-error' : 'team-invite-hint'}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button className="button button--primary" type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send invitation'}
          </button>
        </div>
      </div>
      {failure ? (
        <div id="team-invite-error">
          <FormAlert kind="error">{failure}</FormAlert>
        </div>
      ) : null}
    </form>
  );
}
