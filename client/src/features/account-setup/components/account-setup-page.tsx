import { validateAccountSetup } from '@agentry/domain/account-rules';
import { PLANS, planForUserType } from '@agentry/domain/plans';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { CheckoutPanel } from '../../../components/account/checkout-panel';
import { NewAccountForm } from '../../../components/account/new-account-form';
import { PlanBox } from '../../../components/account/plan-box';
import { FormAlert } from '../../../components/form/form-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAccountSignup } from '../../../hooks/use-account-signup';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { useFocusWhen } from '../../../hooks/use-focus-when';
import { isSubscribed } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useSecurityTokenFailed } from '../hooks/use-security-token';
import { readSetupParams } from '../utils/setup-params';
import { RegisteredPaths } from './registered-paths';

// /account-setup (spec sections 2 and 4): a new provider creates an account and subscribes; a
// signed-in account without an active subscription upgrades in one step (state mode 'upgrade',
// or any signed-in arrival: a second account would make no sense).

const TOKEN_FAILED = 'Failed to load security token. Please refresh the page.';

export function AccountSetupPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const { givenEmail, prefillEmail, upgrade, registrationMessage } = readSetupParams(location.state, search);
  const { state: auth } = useAuth();
  const setup = useAccountSignup();
  const tokenFailed = useSecurityTokenFailed();
  const panelRef = useRef<HTMLDivElement>(null);
  const createdUserId = setup.createdUserId;
  // The form swapped for the checkout step: keep keyboard users' place when its call failed.
  useFocusWhen(panelRef, createdUserId !== null && setup.failure !== null);

  const user = auth.status === 'signed-in' ? auth.user : null;
  // While the account is being created the server signs it in; that is still the setup, not an upgrade.
  const upgrading = createdUserId === null && setup.phase !== 'creating' && (user !== null || upgrade);
  const title = upgrading ? 'Upgrade Your Account' : 'Complete Your Account Setup';
  useBasicPageMeta(
    title,
    `Create your ${PRODUCT_NAME} provider account: edit your agent listings, add more agents and get a provider page.`,
  );
  const plan = user ? planForUserType(user.user_type) : PLANS.agent_provider;

  function body() {
    if (createdUserId !== null) {
      return (
        <CheckoutPanel
          ref={panelRef}
          email={user?.email ?? givenEmail ?? ''}
          justCreated
          phase={setup.phase}
          failure={setup.failure}
          onContinue={() => void setup.openCheckout(createdUserId)}
        />
      );
    }
    if (auth.status === 'loading') return <PageLoading />;
    if (upgrading && user && isSubscribed(user)) {
      return (
        <FormAlert kind="info">
          Your subscription is already active. <Link to="/subscription/manage">Manage your subscription</Link>
        </FormAlert>
      );
    }
    if (upgrading && user) {
      return (
        <CheckoutPanel
          email={user.email}
          justCreated={false}
          phase={setup.phase}
          failure={setup.failure}
          onContinue={() => void setup.openCheckout(user.id)}
        />
      );
    }
    if (upgrading) {
      return (
        <FormAlert kind="info">
          <Link to="/signin" state={{ from: '/account-setup' }}>
            Sign in
          </Link>{' '}
          to upgrade your account.
        </FormAlert>
      );
    }
    return (
      <NewAccountForm
        label="Account setup"
        idPrefix="setup"
        userType="agent_provider"
        givenEmail={givenEmail}
        prefillEmail={prefillEmail}
        givenEmailHint="The e-mail you registered your agent with."
        validate={(values) => validateAccountSetup(values, givenEmail === null)}
        phase={setup.phase}
        failure={setup.failure}
        serverFieldErrors={setup.serverFieldErrors}
        onSubmit={(account) => void setup.createAndSubscribe(account)}
      />
    );
  }

  return (
    <div className="container signup-page">
      <header className="page-header">
        <h1>{title}</h1>
        <p className="page-header__lead">
          {upgrading
            ? `Subscribe to the ${plan.name.toLowerCase()} to unlock everything it includes.`
            : 'Create your provider account to manage your agents, then subscribe to edit your listings, add more agents and get a provider page.'}
        </p>
      </header>
      {registrationMessage && createdUserId === null && !upgrading ? (
        <RegisteredPaths message={registrationMessage} awaitsLink={givenEmail !== null} />
      ) : registrationMessage && createdUserId === null ? (
        <FormAlert kind="success">{registrationMessage}</FormAlert>
      ) : null}
      {tokenFailed ? <FormAlert kind="error">{TOKEN_FAILED}</FormAlert> : null}
      <div className="signup-layout" id="account-setup-form">
        <PlanBox plan={plan} />
        <div>{body()}</div>
      </div>
    </div>
  );
}
