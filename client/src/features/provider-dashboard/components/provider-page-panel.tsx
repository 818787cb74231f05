import { ROUTES, routePath } from '@agentry/domain/routes';
import { Link } from 'react-router-dom';
import { isSubscribed, type SessionUser } from '../../../lib/auth/auth-api';
import { ProviderProfileForm } from './provider-profile-form';

// The provider page (/providers/:slug) is a benefit of the subscription: a public page of the
// provider's agents with a followed link to their site.

export function ProviderPagePanel({ user }: { user: SessionUser }) {
  const pagePath = user.slug ? routePath(ROUTES.provider, { slug: user.slug }) : null;
  return (
    <section className="dashboard-panel" aria-labelledby="provider-page-title">
      <h2 id="provider-page-title">Provider page</h2>
      {isSubscribed(user) && pagePath ? (
        <p>
          Your agents have their own page: <Link to={pagePath}>{pagePath}</Link>
        </p>
      ) : (
        <p>
          Subscribers get a public page listing their agents, with a followed link to their website. Fill in
          your details now and it is ready when you subscribe.
        </p>
      )}
      <ProviderProfileForm user={user} />
    </section>
  );
}
