import { useRef } from 'react';
import { AccountForm } from '../../../components/form/account-form';
import { TextField } from '../../../components/form/text-field';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { useForm } from '../../../hooks/use-form';
import { ApiError, errorText } from '../../../lib/api/api-client';
import { type AdminSession, type CodeRequired, sendAdminCode } from '../api/admin-session';
import { ADMIN_MESSAGES } from '../utils/admin-messages';

// The admin login's second step, for an account with two-factor sign-in: the 6-digit code the
// authenticator app shows now, or one of the recovery codes. A wrong code is said here; a step that
// timed out or took too many wrong codes sends the person back to the password, saying why.

export function validateAdminCode(values: { code: string }): Partial<Record<'code', string>> {
  return values.code.trim() === '' ? { code: 'Enter the code from your authenticator app' } : {};
}

export function AdminCodeStep({
  step,
  onSignedIn,
  onStartAgain,
}: {
  step: CodeRequired;
  onSignedIn: (session: AdminSession) => void;
  /** Back to the password: the server's reason when it asked for that, null when the person chose to. */
  onStartAgain: (why: string | null) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusWhen(headingRef, true);
  const form = useForm({ idPrefix: 'admin-code', initial: { code: '' }, validate: validateAdminCode });
  const submit = form.handleSubmit(
    async ({ code }) => onSignedIn(await sendAdminCode(step.csrfToken, code.trim())),
    (error: unknown) => {
      if (!(error instanceof ApiError)) return 'An unexpected error occurred';
      const text = errorText(error, ADMIN_MESSAGES.invalidCode);
      // The pending sign-in is over on the server (timed out, or too many wrong codes).
      if (error.status === 401 && /enter your username and password again/i.test(text)) {
        onStartAgain(text);
        return null;
      }
      return text;
    },
  );

  return (
    <div className="container auth-page">
      <header className="page-header">
        <h1 ref={headingRef} tabIndex={-1}>
          Two-factor sign-in
        </h1>
        <p className="page-header__lead">{step.message}</p>
      </header>
      <AccountForm label="Two-factor sign-in" formRef={form.formRef} failure={form.failure} onSubmit={submit}>
        <TextField
          {...form.field('code')}
          label="Code"
          hint="Six digits from your authenticator app, or a recovery code such as abcde-fghij."
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          maxLength={32}
          required
        />
        <div className="form-actions">
          <button className="button button--primary" type="submit" disabled={form.submitting}>
            {form.submitting ? 'Checking...' : 'Verify'}
          </button>
          <button className="button button--secondary" type="button" onClick={() => onStartAgain(null)}>
            Back
          </button>
        </div>
      </AccountForm>
    </div>
  );
}
