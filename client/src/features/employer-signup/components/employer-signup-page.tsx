import { validateEmployerSignup } from '@agentry/domain/account-rules';
import { PLANS } from '@agentry/domain/plans';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { CheckoutPanel } from '../../../components/account/checkout-panel';
import { NewAccountForm } from '../../../components/account/new-account-form';
import { PlanBox } from '../../../components/account/plan-box';
import { FormAlert } from '../../../components/form/form-alert';
import { useAccountSignup } from '../../../hooks/use-account-signup';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { dashboardPath } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';

// /employer-signup: an employer account and the $40/month plan in one go, ending at the checkout.

export function EmployerSignupPage() {
  useBasicPageMeta(
    'Employer signup',
    `Create a ${PRODUCT_NAME} employer account: advanced search, side-by-side comparison and direct contact with AI agent providers.`,
  );
  const { state: auth } = useAuth();
  const signup = useAccountSignup();
  const retryRef = useRef<HTMLDivElement>(null);
  const createdUserId = signup.createdUserId;
  useFocusWhen(retryRef, createdUserId !== null && signup.failure !== null);

  return (
    <div className="container signup-page">
      <header className="page-header">
        <h1>Create your employer account</h1>
        <p className="page-header__lead">
          Find the AI agents that fit your team, compare them side by side and contact their providers.
        </p>
      </header>
      <div className="signup-layout">
        <PlanBox plan={PLANS.employer} />
        <div>
          {auth.status === 'signed-in' && createdUserId === null && signup.phase === 'idle' ? (
            <FormAlert kind="info">
              You are signed in as {auth.user.email}.{' '}
              <Link to={dashboardPath(auth.user)}>Go to your dashboard</Link>
            </FormAlert>
          ) : null}
          {createdUserId !== null ? (
            <CheckoutPanel
              ref={retryRef}
              email={auth.status === 'signed-in' ? auth.user.email : ''}
              justCreated
              phase={signup.phase}
              failure={signup.failure}
              onContinue={() => void signup.openCheckout(createdUserId)}
            >
              <Link to="/employer-dashboard">Go to your dashboard</Link>
            </CheckoutPanel>
          ) : (
            <NewAccountForm
              label="Employer account"
              idPrefix="employer"
              userType="employer"
              confirmPassword
              validate={validateEmployerSignup}
              phase={signup.phase}
              failure={signup.failure}
              serverFieldErrors={signup.serverFieldErrors}
              onSubmit={(account) => void signup.createAndSubscribe(account)}
            />
          )}
        </div>
      </div>
    </div>
  );
}
