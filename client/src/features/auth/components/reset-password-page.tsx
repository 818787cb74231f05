import { ACCOUNT_MESSAGES, checkNewPassword } from '@agentry/domain/account-rules';
import { PASSWORD_MIN_LENGTH } from '@agentry/domain/limits';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { ApiError, errorText, fieldErrors } from '../../../lib/api/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { resetPassword } from '../api/password-reset';

// /reset-password?token=…: the page the reset e-mail links to. A new password ends every session
// of the account, this browser's included, so afterwards the visitor signs in again.

type Errors = Partial<Record<'password' | 'confirmPassword', string>>;

export function validateNewPassword(password: string, confirmation: string): Errors {
  const errors: Errors = {};
  const problem = checkNewPassword(password);
  if (problem) errors.password = problem;
  if (confirmation === '') errors.confirmPassword = ACCOUNT_MESSAGES.confirmationRequired;
  else if (confirmation !== password) errors.confirmPassword = ACCOUNT_MESSAGES.passwordsDoNotMatch;
  return errors;
}

export function ResetPasswordPage() {
  useBasicPageMeta('Choose a new password', 'Choose a new password for your Agentry account.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <div className="container auth-page">
      <header className="page-header">
        <h1>Choose a new password</h1>
      </header>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <FormAlert kind="error">
          This password reset link is incomplete: it has no token. Copy the whole link from the e-mail, or{' '}
          <Link to="/forgot-password">ask for a new link</Link>.
        </FormAlert>
      )}
    </div>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { refresh } = useAuth();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(formRef, invalidAttempts);
  useFocusWhen(resultRef, done !== null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNewPassword(password, confirmation);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setInvalidAttempts((count) => count + 1);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await resetPassword(token, password);
      setDone(answer.message);
      // The server ended every session, ours too: let the header show Sign In again.
      void refresh();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.password) {
        setErrors({ password: fields.password });
        setInvalidAttempts((count) => count + 1);
      } else {
        setFailure(
          error instanceof ApiError
            ? errorText(error, 'Failed to reset your password')
            : 'Failed to reset your password. Please try again.',
        );
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (done !== null) {
    return (
      <div ref={resultRef} tabIndex={-1}>
        {/* The server's message says every device was signed out and asks to sign in again. */}
        <FormAlert kind="success">{done}</FormAlert>
        <p>
          <Link className="button button--primary" to="/signin">
            Sign in
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form className="form-card" ref={formRef} onSubmit={submit} noValidate aria-label="Choose a new password">
      {failure ? (
        <FormAlert kind="error">
          {failure} <Link to="/forgot-password">Ask for a new link</Link>
        </FormAlert>
      ) : null}
      <TextField
        id="reset-password"
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`}
        required
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        id="reset-confirm"
        name="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        error={errors.confirmPassword}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={submitting}>
          {submitting ? 'Saving...' : 'Save new password'}
        </button>
      </div>
    </form>
  );
}
