import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { TestModeBanner } from '../../../components/ui/test-mode-banner';
import { useAsync } from '../../../hooks/use-async';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { errorText, isNotFound } from '../../../lib/api/api-client';
import { getTestCheckout, type TestCheckoutSession } from '../api/test-checkout';
import { useFinishCheckout } from '../hooks/use-finish-checkout';

// /checkout/test/:sessionId: the stand-in for Stripe Checkout in test mode (docs/accounts.md).
// It shows what would be billed and never asks for card data: Pay only tells the server to record
// a payment, which then runs through the same handling as Stripe's events.

const NOT_FOUND = 'This checkout session does not exist or has expired.';
const LOAD_FAILED = 'Failed to load this checkout. Please refresh the page.';
const CLOSED: Record<Exclude<TestCheckoutSession['status'], 'open'>, string> = {
  complete: 'This checkout is already paid.',
  expired: 'This checkout has expired.',
};

/** 5, "month" → "$5.00 / month". */
export const formatCheckoutPrice = (priceUsd: number, interval: string) =>
  `$${priceUsd.toFixed(2)} / ${interval}`;

export function TestCheckoutPage({ sessionId }: { sessionId: string }) {
  useBasicPageMeta('Test checkout', 'Test-mode checkout: no card is needed and nothing is charged.');
  const session = useAsync(sessionId, (signal) => getTestCheckout(sessionId, signal));

  return (
    <div className="checkout-page">
      <TestModeBanner>TEST MODE — no card is needed and nothing is charged</TestModeBanner>
      <div className="container checkout-page__inner">
        <h1>Test checkout</h1>
        {session.status === 'success' ? (
          session.data.status === 'open' ? (
            <OpenCheckout session={session.data} />
          ) : (
            <ClosedCheckout message={CLOSED[session.data.status] ?? NOT_FOUND} />
          )
        ) : session.status === 'error' ? (
          <ClosedCheckout
            message={isNotFound(session.error) ? NOT_FOUND : errorText(session.error, LOAD_FAILED)}
          />
        ) : (
          <CheckoutSkeleton />
        )}
      </div>
    </div>
  );
}

const CARD_NOTE = 'Not needed: paying here records the subscription without charging anything.';

/**
 * The checkout card's shape while its session loads: the page arrives whole and its values a
 * moment later, instead of a bare "Loading..." between the sign-up form and the checkout.
 */
function CheckoutSkeleton() {
  return (
    <section className="checkout-card" aria-busy="true" aria-label="Checkout">
      <span className="skeleton skeleton--heading" />
      <span className="skeleton skeleton--price" />
      <dl className="checkout-card__details">
        <dt>Billed to</dt>
        <dd>
          <span className="skeleton skeleton--text" />
        </dd>
        <dt>Card</dt>
        <dd>{CARD_NOTE}</dd>
      </dl>
      <span className="skeleton skeleton--buttons" />
      <span className="visually-hidden" role="status">
        Loading checkout...
      </span>
    </section>
  );
}

function ClosedCheckout({ message }: { message: string }) {
  return (
    <>
      <FormAlert kind="error">{message}</FormAlert>
      <p className="status-page__actions">
        <Link className="button button--primary" to="/">
          Return to Home
        </Link>
      </p>
    </>
  );
}

function OpenCheckout({ session }: { session: TestCheckoutSession }) {
  const { running, failure, finish } = useFinishCheckout(session.id);
  return (
    <section className="checkout-card" aria-labelledby="checkout-plan">
      <h2 id="checkout-plan" className="checkout-card__plan">
        {session.plan_name}
      </h2>
      <p className="checkout-card__price">{formatCheckoutPrice(session.price_usd, session.interval)}</p>
      <dl className="checkout-card__details">
        <dt>Billed to</dt>
        <dd>{session.email}</dd>
        <dt>Card</dt>
        <dd>{CARD_NOTE}</dd>
      </dl>
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <div className="form-actions">
        <button
          className="button button--primary button--large"
          type="button"
          disabled={running !== null}
          onClick={() => void finish('pay')}
        >
          {running === 'pay' ? 'Paying...' : 'Pay'}
        </button>
        <button
          className="button button--secondary button--large"
          type="button"
          disabled={running !== null}
          onClick={() => void finish('cancel')}
        >
          {running === 'cancel' ? 'Cancelling...' : 'Cancel'}
        </button>
      </div>
    </section>
  );
}
