import { type AccountErrors, validateEmployerSignup } from '@agentry/domain/account-rules';
import { PASSWORD_MIN_LENGTH } from '@agentry/domain/limits';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import type { NewAccount } from '../api/create-account';
import type { SignupFailure, SignupPhase } from '../hooks/use-employer-signup';

// The employer signup fields of spec section 5: e-mail, password and its confirmation, full name,
// organisation, optional phone. The rules come from domain/account-rules, as on the server.

const EMPTY = { email: '', password: '', confirmPassword: '', full_name: '', organization: '', phone: '' };
type Values = typeof EMPTY;

const BUTTON_LABELS: Record<SignupPhase, string> = {
  idle: 'Create Account & Subscribe',
  creating: 'Creating your account...',
  'opening-checkout': 'Opening checkout...',
  leaving: 'Opening checkout...',
};

export function EmployerSignupForm({
  phase,
  failure,
  serverFieldErrors,
  onSubmit,
}: {
  phase: SignupPhase;
  failure: SignupFailure | null;
  serverFieldErrors: AccountErrors;
  onSubmit: (account: NewAccount) => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<AccountErrors>({});
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, invalidAttempts);
  const shown = { ...serverFieldErrors, ...errors };
  const busy = phase !== 'idle';

  const field = (name: keyof Values) => ({
    id: `employer-${name}`,
    // Explicit, so the shared input styles (input[type="text"]) apply; a type given after the spread wins.
    type: 'text',
    name,
    value: values[name],
    error: shown[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateEmployerSignup(values);
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
      user_type: 'employer',
    });
  }

  return (
    <form className="form-card" ref={formRef} onSubmit={submit} noValidate aria-label="Employer account">
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
      <TextField {...field('email')} label="E-mail" type="email" autoComplete="email" required />
      <TextField
        {...field('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`}
        required
      />
      <TextField
        {...field('confirmPassword')}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField {...field('full_name')} label="Full name" autoComplete="name" required />
      <TextField {...field('organization')} label="Organization" autoComplete="organization" required />
      <TextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" />
      <div className="form-actions">
        <button className="button button--primary button--large" type="submit" disabled={busy}>
          {BUTTON_LABELS[phase]}
        </button>
      </div>
      <p className="form-field__hint">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </form>
  );
}
