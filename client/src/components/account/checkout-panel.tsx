import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import type { SignupFailure, SignupPhase } from '../../hooks/use-account-signup';
import { FormAlert } from '../form/form-alert';

// One step to the checkout for an account that exists: the upgrade of a signed-in account, or the
// retry after the subscription failed to open right after the account was created (provider
// account setup and employer signup alike).

export function CheckoutPanel({
  ref,
  email,
  justCreated,
  phase,
  failure,
  onContinue,
  children,
}: {
  /** Takes focus when the checkout failed to open, so keyboard users keep their place. */
  ref?: Ref<HTMLDivElement>;
  email: string;
  /** The account was created on this page a moment ago. */
  justCreated: boolean;
  phase: SignupPhase;
  failure: SignupFailure | null;
  onContinue: () => void;
  /** More ways on, beside the checkout button (the dashboard). */
  children?: ReactNode;
}) {
  return (
    <div className="form-card" ref={ref} tabIndex={-1}>
      {justCreated ? (
        <FormAlert kind="success">Your account is created and you are signed in.</FormAlert>
      ) : null}
      {failure ? (
        <FormAlert kind="error">
          {failure.message}
          {failure.alreadySubscribed ? (
            <>
              {' '}
              <Link to="/subscription/manage">Manage your subscription</Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <p>
        Account: <strong>{email}</strong>
      </p>
      <div className="form-actions">
        <button
          className="button button--primary button--large"
          type="button"
          disabled={phase !== 'idle'}
          onClick={onContinue}
        >
          {phase === 'idle' ? 'Continue to checkout' : 'Opening checkout...'}
        </button>
        {children}
      </div>
    </div>
  );
}
