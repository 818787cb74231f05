import type { AccountErrors } from '@agentry/domain/account-rules';
import { PASSWORD_MIN_LENGTH } from '@agentry/domain/input-lengths';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SignupFailure, SignupPhase } from '../../hooks/use-account-signup';
import { useForm } from '../../hooks/use-form';
import type { NewAccount } from '../../lib/auth/create-account';
import { AccountForm } from '../form/account-form';
import { TextField } from '../form/text-field';

// The new account's fields of spec section 5, for a provider's account setup and an employer's
// signup alike: e-mail, password (and, for employers, its confirmation), full name, organization,
// optional phone. Each page brings its rule from domain/account-rules, as the server applies it.

export type NewAccountValues = {
  email: string;
  password: string;
  confirmPassword: string;
  full_name: string;
  organization: string;
  phone: string;
};

const BUTTON_LABELS: Record<SignupPhase, string> = {
  idle: 'Create Account & Subscribe',
  creating: 'Creating your account...',
  'opening-checkout': 'Opening checkout...',
  leaving: 'Opening checkout...',
};

export function NewAccountForm({
  label,
  idPrefix,
  userType,
  givenEmail = null,
  prefillEmail = '',
  givenEmailHint,
  confirmPassword = false,
  validate,
  phase,
  failure,
  serverFieldErrors,
  onSubmit,
}: {
  /** The form's accessible name. */
  label: string;
  idPrefix: string;
  userType: NewAccount['user_type'];
  /** An e-mail already known (the agent's registration): shown as text, not asked for. */
  givenEmail?: string | null;
  /** An e-mail to start the editable field with (from a link). */
  prefillEmail?: string;
  givenEmailHint?: string;
  /** Ask for the password twice. */
  confirmPassword?: boolean;
  validate: (values: NewAccountValues) => AccountErrors;
  phase: SignupPhase;
  failure: SignupFailure | null;
  serverFieldErrors: AccountErrors;
  onSubmit: (account: NewAccount) => void;
}) {
  const form = useForm<NewAccountValues>({
    idPrefix,
    initial: {
      email: givenEmail ?? prefillEmail,
      password: '',
      confirmPassword: '',
      full_name: '',
      organization: '',
      phone: '',
    },
    validate,
    outsideErrors: serverFieldErrors,
  });
  const { values, field } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    onSubmit({
      email: values.email.trim(),
      password: values.password,
      full_name: values.full_name.trim(),
      organization: values.organization.trim(),
      phone: values.phone.trim(),
      user_type: userType,
    });
  }

  return (
    <AccountForm
      label={label}
      formRef={form.formRef}
      onSubmit={submit}
      failure={
        failure ? (
          <>
            {failure.message}
            {failure.accountExists ? (
              <>
                {' '}
                <Link to="/signin" state={{ email: values.email.trim() }}>
                  Sign in
                </Link>
              </>
            ) : null}
          </>
        ) : null
      }
    >
      {givenEmail === null ? (
        <TextField {...field('email')} label="E-mail" type="email" autoComplete="email" required />
      ) : (
        <GivenEmail
          id={`${idPrefix}-email`}
          email={givenEmail}
          hint={givenEmailHint}
          error={form.errors.email}
        />
      )}
      <TextField
        {...field('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`}
        required
      />
      {confirmPassword ? (
        <TextField
          {...field('confirmPassword')}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
        />
      ) : null}
      <TextField {...field('full_name')} label="Full name" autoComplete="name" required />
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
    </AccountForm>
  );
}

/**
 * The e-mail the account is for, as text that wraps on a phone (a read-only input cut it off),
 * and, hidden, as the form's username, so a password manager files the new password under it.
 */
function GivenEmail({
  id,
  email,
  hint,
  error,
}: {
  id: string;
  email: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <div className={`field form-field${error ? ' form-field--invalid' : ''}`}>
      <dl className="form-field__given">
        <dt>E-mail</dt>
        <dd>{email}</dd>
      </dl>
      {hint ? <p className="form-field__hint">{hint}</p> : null}
      {error ? <p className="form-field__error">{error}</p> : null}
      <input id={id} type="email" name="email" value={email} autoComplete="username" readOnly hidden />
    </div>
  );
}
