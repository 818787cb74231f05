import { Link } from 'react-router-dom';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';

// /subscription/cancel (spec section 2): the checkout was left without paying.

export function SubscriptionCancelPage() {
  useBasicPageMeta('Checkout cancelled', 'The checkout was cancelled: no charges were made.');
  return (
    <div className="container subscription-page">
      <section className="subscription-card" aria-labelledby="cancel-title">
        <h1 id="cancel-title">Checkout cancelled</h1>
        <p>
          No charges were made. Your registration is still active: what you listed stays listed, and you can
          subscribe whenever you like.
        </p>
        <div className="form-actions">
          <Link className="button button--primary" to="/register-agent">
            Try Again
          </Link>
          <Link className="button button--secondary" to="/directory">
            Browse Agents
          </Link>
          <Link className="button button--secondary" to="/">
            Return to Home
          </Link>
        </div>
      </section>
    </div>
  );
}
