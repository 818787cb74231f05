import { useRef } from 'react';
import { AccountForm } from '../../../components/form/account-form';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { useForm } from '../../../hooks/use-form';
import { ApiError, errorText } from '../../../lib/api/api-client';
import { loginAdmin } from '../api/admin-session';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';

// The admin screen's own login (spec section 2): username and password, apart from the site's
// accounts. A refusal says the server's words ('Invalid credentials', or why it is throttling).

type Errors = Partial<Record<'username' | 'password', string>>;

export function validateAdminLogin(values: { username: string; password: string }): Errors {
  const errors: Errors = {};
  if (values.username.trim() === '') errors.username = 'Username is required';
  if (values.password === '') errors.password = 'Password is required';
  return errors;
}

function loginFailure(error: unknown): string {
  return error instanceof ApiError
    ? errorText(error, ADMIN_MESSAGES.invalidCredentials)
    : 'An unexpected error occurred';
}

export function AdminLogin({ expired }: { expired: boolean }) {
  const { signIn } = useAdminSession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Sent back here by an ended session: say so where the keyboard and screen reader are.
  useFocusWhen(headingRef, expired);
  const form = useForm({
    idPrefix: 'admin-login',
    initial: { username: '', password: '' },
    validate: validateAdminLogin,
  });
  const submit = form.handleSubmit(
    async ({ username, password }) => signIn(await loginAdmin(username.trim(), password)),
    loginFailure,
  );

  return (
    <div className="container auth-page">
      <header className="page-header">
        <h1 ref={headingRef} tabIndex={-1}>
          Admin login
        </h1>
        <p className="page-header__lead">Staff only: manage agents, uploads and subscribers.</p>
      </header>
      {expired ? <FormAlert kind="info">{ADMIN_MESSAGES.sessionExpired}</FormAlert> : null}
      <AccountForm label="Admin login" formRef={form.formRef} failure={form.failure} onSubmit={submit}>
        <TextField {...form.field('username')} label="Username" autoComplete="username" required />
        <TextField
          {...form.field('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={form.submitting}>
            {form.submitting ? 'Logging in...' : 'Log in'}
          </button>
        </div>
      </AccountForm>
    </div>
  );
}
