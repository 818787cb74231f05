import { checkEmail } from '@agentry/domain/account-rules';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { ApiError, errorText } from '../../../lib/api/api-client';
import { requestPasswordReset } from '../api/password-reset';

// /forgot-password: asks for a reset link. The server answers the same neutral message whether or
// not an account exists, so the page cannot be used to find out who has one; we show that message.

export function ForgotPasswordPage() {
  useBasicPageMeta('Forgot your password?', 'Ask for a link to choose a new Agentry password.');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [invalidAttempts, setInvalidAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, invalidAttempts);
  const resultRef = useRef<HTMLDivElement>(null);
  useFocusWhen(resultRef, sent !== null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors: { email?: string } = {};
    checkEmail(email.trim(), errors);
    setEmailError(errors.email);
    setFailure(null);
    if (errors.email) {
      setInvalidAttempts((count) => count + 1);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await requestPasswordReset(email.trim());
      setSent(answer.message);
    } catch (error) {
      setFailure(
        error instanceof ApiError
          ? errorText(error, 'Failed to send the link')
          : 'Failed to send the link. Please try again.',
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="container auth-page">
      <header className="page-header">
        <h1>Forgot your password?</h1>
        <p className="page-header__lead">
          Type the e-mail address of your account and we will send you a link to choose a new password.
        </p>
      </header>
      {sent ? (
        <div ref={resultRef} tabIndex={-1}>
          <FormAlert kind="success">{sent}</FormAlert>
          <p>
            The link works once and expires after a while. Nothing arrived? Check your spam folder, or{' '}
            <button className="link-button" type="button" onClick={() => setSent(null)}>
              ask again
            </button>
            .
          </p>
          <p>
            <Link to="/signin">Back to sign in</Link>
          </p>
        </div>
      ) : (
        <form
          className="form-card"
          ref={formRef}
          onSubmit={submit}
          noValidate
          aria-label="Ask for a reset link"
        >
          {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
          <TextField
            id="forgot-email"
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="form-actions form-actions--spread">
            <button className="button button--primary" type="submit" disabled={submitting}>
              {submitting ? 'Sending...' : 'Send me a link'}
            </button>
            <Link to="/signin">Back to sign in</Link>
          </div>
        </form>
      )}
    </div>
  );
}
