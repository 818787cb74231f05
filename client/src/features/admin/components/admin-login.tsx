import { useEffect, useRef, useState } from 'react';
import { AccountForm } from '../../../components/form/account-form';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { useForm } from '../../../hooks/use-form';
import { ApiError, errorText } from '../../../lib/api/api-client';
import { type CodeRequired, loginAdmin } from '../api/admin-session';
import { useAdminSession } from '../hooks/use-admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';
import { AdminCodeStep } from './admin-code-step';

// The admin screen's own login (spec section 2): username and password, apart from the site's
// accounts; then, for an account with two-factor sign-in, the code from the authenticator app
// (admin-code-step.tsx). A refusal says the server's words ('Invalid credentials', or why it is
// throttling).

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
  // The second step, once the password was right; why the first step is shown again, if it is.
  const [codeStep, setCodeStep] = useState<CodeRequired | null>(null);
  const [startAgain, setStartAgain] = useState<string | null>(null);
  // Sent back here by an ended session: say so where the keyboard is.
  useFocusWhen(headingRef, expired);
  // Back from the code step (timed out, or by choice): the form it replaced is gone, so the heading
  // takes focus each time.
  const [returned, setReturned] = useState(0);
  useEffect(() => {
    if (returned > 0) headingRef.current?.focus();
  }, [returned]);
  const form = useForm({
    idPrefix: 'admin-login',
    initial: { username: '', password: '' },
    validate: validateAdminLogin,
  });
  const submit = form.handleSubmit(async ({ username, password }) => {
    setStartAgain(null);
    const answer = await loginAdmin(username.trim(), password);
    if ('codeRequired' in answer) setCodeStep(answer);
    else signIn(answer);
  }, loginFailure);

  if (codeStep)
    return (
      <AdminCodeStep
        step={codeStep}
        onSignedIn={signIn}
        onStartAgain={(why) => {
          setCodeStep(null);
          setStartAgain(why);
          setReturned((count) => count + 1);
        }}
      />
    );

  return (
    <div className="container auth-page">
      <header className="page-header">
        <h1 ref={headingRef} tabIndex={-1}>
          Admin login
        </h1>
        <p className="page-header__lead">Staff only: manage agents, uploads and subscribers.</p>
      </header>
      {expired && !startAgain ? <FormAlert kind="info">{ADMIN_MESSAGES.sessionExpired}</FormAlert> : null}
      {startAgain ? <FormAlert kind="info">{startAgain}</FormAlert> : null}
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
