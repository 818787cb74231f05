import { ACCOUNT_MESSAGES } from '@agentry/domain/account-rules';
import { Link } from 'react-router-dom';
import { AccountForm } from '../../../components/form/account-form';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../hooks/use-form';
import { ApiError, errorText } from '../../../lib/api/api-client';
import type { SessionUser } from '../../../lib/auth/auth-api';
import { login } from '../api/login';

// The sign-in form: e-mail and password. Messages of spec section 8: the server's text (wrong
// password, too many attempts), 'Login failed' when it gave none, and 'An unexpected error
// occurred' when the call never reached it.

type Errors = Partial<Record<'email' | 'password', string>>;

export function loginErrorText(error: unknown): string {
  return error instanceof ApiError ? errorText(error, 'Login failed') : 'An unexpected error occurred';
}

export function validateSignIn(values: { email: string; password: string }): Errors {
  const errors: Errors = {};
  if (values.email.trim() === '') errors.email = ACCOUNT_MESSAGES.emailRequired;
  if (values.password === '') errors.password = ACCOUNT_MESSAGES.passwordRequired;
  return errors;
}

export function SignInForm({
  initialEmail = '',
  onSignedIn,
}: {
  initialEmail?: string;
  onSignedIn: (user: SessionUser) => void;
}) {
  const form = useForm({
    idPrefix: 'signin',
    initial: { email: initialEmail, password: '' },
    validate: validateSignIn,
  });
  const submit = form.handleSubmit(
    async ({ email, password }) => onSignedIn(await login(email.trim(), password)),
    loginErrorText,
  );

  return (
    <AccountForm label="Sign in" formRef={form.formRef} failure={form.failure} onSubmit={submit}>
      <TextField {...form.field('email')} label="E-mail" type="email" autoComplete="email" required />
      <TextField
        {...form.field('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <div className="form-actions form-actions--spread">
        <button className="button button--primary" type="submit" disabled={form.submitting}>
          {form.submitting ? 'Signing in...' : 'Sign In'}
        </button>
        <Link to="/forgot-password">Forgot your password?</Link>
      </div>
    </AccountForm>
  );
}
