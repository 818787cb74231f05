import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import type { SetupFailure, SetupPhase } from '../hooks/use-account-setup';

// One step to the checkout for an account that exists: the upgrade of a signed-in account, or the
// retry after the subscription failed to open right after the account was created.

export const CheckoutPanel = forwardRef<
  HTMLDivElement,
  {
    email: string;
    /** The account was created on this page a moment ago. */
    justCreated: boolean;
    phase: SetupPhase;
    failure: SetupFailure | null;
    onContinue: () => void;
  }
>(function CheckoutPanel({ email, justCreated, phase, failure, onContinue }, ref) {
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
      </div>
    </div>
  );
});
