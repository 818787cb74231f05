import { ACCOUNT_MESSAGES } from '@agentry/domain/account-rules';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
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

export function SignInForm({
  initialEmail = '',
  onSignedIn,
}: {
  initialEmail?: string;
  onSignedIn: (user: SessionUser) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, invalidAttempts);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (email.trim() === '') found.email = ACCOUNT_MESSAGES.emailRequired;
    if (password === '') found.password = ACCOUNT_MESSAGES.passwordRequired;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setInvalidAttempts((count) => count + 1);
      return;
    }
    setSubmitting(true);
    try {
      const user = await login(email.trim(), password);
      onSignedIn(user);
    } catch (error) {
      setFailure(loginErrorText(error));
      setSubmitting(false);
    }
  }

  return (
    <form className="form-card" ref={formRef} onSubmit={submit} noValidate aria-label="Sign in">
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <TextField
        id="signin-email"
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        id="signin-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="form-actions form-actions--spread">
        <button className="button button--primary" type="submit" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </button>
        <Link to="/forgot-password">Forgot your password?</Link>
      </div>
    </form>
  );
}
