import { checkNewPassword } from '@agentry/domain/account-rules';
import { PASSWORD_MIN_LENGTH } from '@agentry/domain/input-lengths';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { errorText } from '../../../lib/api/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { createAccount } from '../../../lib/auth/create-account';
import type { Invitation } from '../api/invitation';

// A member's account, made on the invitation's page (issue 28): an employer account of the invited
// address, in the team's organization, with no plan of its own (the subscriber's carries it while
// it is a member). Made, it is signed in, and the invitation is accepted at once.

export function JoinTeamSignUp({
  invitation,
  onCreated,
}: {
  invitation: Invitation;
  onCreated: () => Promise<void>;
}) {
  const { signIn } = useAuth();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ full_name?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: typeof errors = {};
    if (fullName.trim() === '') found.full_name = 'Please enter your full name';
    const passwordProblem = checkNewPassword(password, invitation.email);
    if (passwordProblem) found.password = passwordProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await createAccount({
        email: invitation.email,
        password,
        full_name: fullName.trim(),
        organization: invitation.organization,
        phone: '',
        user_type: 'employer',
      });
      signIn({ ...created.user, user_type: created.user_type, team: null });
      await onCreated();
    } catch (error) {
      setFailure(errorText(error, 'Failed to create your account. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="dashboard-panel" aria-labelledby="join-new-account">
      <h2 id="join-new-account">New here? Create your account</h2>
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="join-new-account">
        <p className="form-field__hint">
          Your account is for {invitation.email}, in {invitation.organization}. It needs no subscription: the
          team's plan carries it.
        </p>
        <TextField
          id="join-full-name"
          name="full_name"
          label="Full name"
          required
          autoComplete="name"
          value={fullName}
          error={errors.full_name}
          onChange={(event) => setFullName(event.target.value)}
        />
        <TextField
          id="join-password"
          name="password"
          type="password"
          label="Password"
          required
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? 'Creating your account...' : `Create account and join ${invitation.organization}`}
        </button>
      </form>
    </section>
  );
}
