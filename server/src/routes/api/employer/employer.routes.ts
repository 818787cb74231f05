import { Router } from 'express';
import type { AppContext } from '../../../context';
import type { RequestCosts } from '../../../http/request-costs';
import { apiKeysRoutes } from './api-keys.routes';
import { compareRoutes } from './compare.routes';
import { contactRequestsRoutes } from './contact-requests.routes';
import { providerInboxRoutes } from './inbox.routes';
import { savedSearchesRoutes } from './saved-searches.routes';
import { employerSearchRoutes } from './search.routes';
import { shortlistsRoutes } from './shortlists.routes';
import { teamRoutes } from './team.routes';

// The employer tools (docs/employer-tools.md) and the provider's inbox that answers them. Every
// employer route checks the active employer itself (requireActiveEmployer), route by route, so
// mounting these at the API's root guards nothing else.

export function employerRoutes(context: AppContext, costs: RequestCosts): Router {
  const router = Router();
  router.use(
    employerSearchRoutes(context, costs),
    shortlistsRoutes(context),
    compareRoutes(context),
    contactRequestsRoutes(context),
    providerInboxRoutes(context),
    apiKeysRoutes(context),
    teamRoutes(context),
    savedSearchesRoutes(context),
  );
  return router;
}
