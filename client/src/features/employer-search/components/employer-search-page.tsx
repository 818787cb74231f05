import { PRODUCT_NAME } from '@agentry/domain/product';
import { PageLoading } from '../../../components/ui/page-loading';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { useEmployerAccess } from '../../../lib/auth/employer-access';
import { AdvancedSearch } from './advanced-search';
import { EmployerSearchUpsell } from './employer-search-upsell';

// /employer/search: the advanced search for employers with an active subscription; anyone else
// sees what it offers and how to get it (GET /api/auth/me decides; the server refuses anyway).

/** `writeDelay`: how long the URL waits for the search to settle (tests pass 0). */
export function EmployerSearchPage({ writeDelay }: { writeDelay?: number }) {
  useBasicPageMeta(
    'Advanced search',
    `Search every AI agent on ${PRODUCT_NAME} with filters, a price range and sorting; compare, shortlist and contact.`,
  );
  const access = useEmployerAccess();
  return (
    <div className="container employer-search">
      <header className="page-header">
        <h1>Advanced search</h1>
        <p className="page-header__lead">
          Every agent on {PRODUCT_NAME}, narrowed by category, role, provider, pricing and price, and by what
          providers state: integrations, languages, deployment and more.
        </p>
      </header>
      {access === 'loading' ? (
        <PageLoading />
      ) : access === 'active' ? (
        <AdvancedSearch writeDelay={writeDelay} />
      ) : (
        <EmployerSearchUpsell access={access} />
      )}
    </div>
  );
}
