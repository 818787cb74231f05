import { checkEmail } from '@agentry/domain/account-rules';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountForm } from '../../../components/form/account-form';
import { FormAlert } from '../../../components/form/form-alert';
import { TextField } from '../../../components/form/text-field';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { useForm } from '../../../hooks/use-form';
import { failureText } from '../../../lib/api/api-client';
import { requestPasswordReset } from '../api/password-reset';

// /forgot-password: asks for a reset link. The server answers the same neutral message whether or
// not an account exists, so the page cannot be used to find out who has one; we show that message.

function validateEmail({ email }: { email: string }): { email?: string } {
  const errors: { email?: string } = {};
  checkEmail(email.trim(), errors);
  return errors;
}

export function ForgotPasswordPage() {
  useBasicPageMeta('Forgot your password?', `Ask for a link to choose a new ${PRODUCT_NAME} password.`);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ idPrefix: 'forgot', initial: { email: '' }, validate: validateEmail });
  const submit = form.handleSubmit(
    async ({ email }) => setSent((await requestPasswordReset(email.trim())).message),
    (error) => failureText(error, 'Failed to send the link'),
  );
  const resultRef = useRef<HTMLDivElement>(null);
  useFocusWhen(resultRef, sent !== null);

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
        <AccountForm
          label="Ask for a reset link"
          formRef={form.formRef}
          failure={form.failure}
          onSubmit={submit}
        >
          <TextField {...form.field('email')} label="E-mail" type="email" autoComplete="email" required />
          <div className="form-actions form-actions--spread">
            <button className="button button--primary" type="submit" disabled={form.submitting}>
              {form.submitting ? 'Sending...' : 'Send me a link'}
            </button>
            <Link to="/signin">Back to sign in</Link>
          </div>
        </AccountForm>
      )}
    </div>
  );
}
