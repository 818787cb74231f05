import { ACCOUNT_MESSAGES, checkNewPassword } from '@agentry/domain/account-rules';
import { PASSWORD_MIN_LENGTH } from '@agentry/domain/input-lengths';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountForm } from '../../../components/form/account-form';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { useForm } from '../../../hooks/use-form';
import { failureText, fieldErrors } from '../../../lib/api/api-client';
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
  useBasicPageMeta('Choose a new password', `Choose a new password for your ${PRODUCT_NAME} account.`);
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

function failureOf(error: unknown): ReactNode {
  // A refused password is said under the field (the server's field error), not above the form.
  if (fieldErrors(error).password) return null;
  return (
    <>
      {failureText(error, 'Failed to reset your password')}{' '}
      <Link to="/forgot-password">Ask for a new link</Link>
    </>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { refresh } = useAuth();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    idPrefix: 'reset',
    initial: { password: '', confirmPassword: '' },
    validate: ({ password, confirmPassword }) => validateNewPassword(password, confirmPassword),
  });
  const submit = form.handleSubmit(
    async ({ password }) => {
      const answer = await resetPassword(token, password);
      setDone(answer.message);
      // The server ended every session, ours too: let the header show Sign In again.
      void refresh();
    },
    failureOf,
    (error) => ({ password: fieldErrors(error).password }),
  );
  const resultRef = useRef<HTMLDivElement>(null);
  useFocusWhen(resultRef, done !== null);

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
    <AccountForm
      label="Choose a new password"
      formRef={form.formRef}
      failure={form.failure}
      onSubmit={submit}
    >
      <TextField
        {...form.field('password')}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`}
        required
      />
      <TextField
        {...form.field('confirmPassword')}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
      />
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={form.submitting}>
          {form.submitting ? 'Saving...' : 'Save new password'}
        </button>
      </div>
    </AccountForm>
  );
}
