import { type AccountErrors, validateAccountSetup } from '@agentry/domain/account-rules';
import { PASSWORD_MIN_LENGTH } from '@agentry/domain/limits';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import type { NewProviderAccount } from '../api/create-account';
import type { SetupFailure, SetupPhase } from '../hooks/use-account-setup';

// The account setup fields of spec sections 2 and 5: full name, password (min 8), organisation,
// optional phone, and the e-mail, read-only when the registration passed it on. The rules are
// domain/account-rules, as on the server.

type Values = { email: string; password: string; full_name: string; organization: string; phone: string };

const BUTTON_LABELS: Record<SetupPhase, string> = {
  idle: 'Create Account & Subscribe',
  creating: 'Creating your account...',
  'opening-checkout': 'Opening checkout...',
  leaving: 'Opening checkout...',
};

export function AccountSetupForm({
  givenEmail,
  phase,
  failure,
  serverFieldErrors,
  onSubmit,
}: {
  /** The e-mail the agent was registered with (read-only), or null to ask for one. */
  givenEmail: string | null;
  phase: SetupPhase;
  failure: SetupFailure | null;
  serverFieldErrors: AccountErrors;
  onSubmit: (account: NewProviderAccount) => void;
}) {
  const emailEditable = givenEmail === null;
  const [values, setValues] = useState<Values>({
    email: givenEmail ?? '',
    password: '',
    full_name: '',
    organization: '',
    phone: '',
  });
  const [errors, setErrors] = useState<AccountErrors>({});
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, invalidAttempts);
  const shown = { ...serverFieldErrors, ...errors };

  const field = (name: keyof Values) => ({
    id: `setup-${name}`,
    name,
    value: values[name],
    error: shown[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateAccountSetup(values, emailEditable);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setInvalidAttempts((count) => count + 1);
      return;
    }
    onSubmit({
      email: values.email.trim(),
      password: values.password,
      full_name: values.full_name.trim(),
      organization: values.organization.trim(),
      phone: values.phone.trim(),
      user_type: 'agent_provider',
    });
  }

  return (
    <form className="form-card" ref={formRef} onSubmit={submit} noValidate aria-label="Account setup">
      {failure ? (
        <FormAlert kind="error">
          {failure.message}
          {failure.accountExists ? (
            <>
              {' '}
              <Link to="/signin" state={{ email: values.email.trim() }}>
                Sign in
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <TextField
        {...field('email')}
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        readOnly={!emailEditable}
        hint={emailEditable ? undefined : 'The e-mail you registered your agent with.'}
      />
      <TextField {...field('full_name')} label="Full name" autoComplete="name" required />
      <TextField
        {...field('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`}
        required
      />
      <TextField {...field('organization')} label="Organization" autoComplete="organization" required />
      <TextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" />
      <div className="form-actions">
        <button className="button button--primary button--large" type="submit" disabled={phase !== 'idle'}>
          {BUTTON_LABELS[phase]}
        </button>
      </div>
      <p className="form-field__hint">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </form>
  );
}
