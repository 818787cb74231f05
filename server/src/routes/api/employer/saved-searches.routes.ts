import {
  type SavedSearchAnswer,
  SavedSearchBody,
  type SavedSearchesAnswer,
  SavedSearchPatch,
  type UnsubscribeAnswer,
  UnsubscribeBody,
} from '@agentry/domain/contract/saved-searches';
import { IdParams, type Success } from '@agentry/domain/contract/shapes';
import { SAVED_SEARCHES_PER_OWNER_MAX } from '@agentry/domain/saved-searches';
import { Router } from 'express';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  updateSavedSearch,
} from '../../../commands/saved-searches/manage-saved-searches';
import { unsubscribeDigest } from '../../../commands/saved-searches/unsubscribe-digest';
import type { AppContext } from '../../../context';
import { requireUser } from '../../../http/require-user';
import { parse, parseBody } from '../../../http/validate';
import { requireActiveEmployer, scopeOf } from '../../../policies/employer';
import { presentSavedSearch } from '../../../presenters/saved-search';

// An active employer's saved searches (docs/employer-tools.md, "Saved searches"), and the digest's
// unsubscribe link, which needs no session: its token is the proof. Kept under the employer's scope
// (policies/employer-scope.ts: their own, or their team's); another employer's search is a 404.

export function savedSearchesRoutes({ store, services, sessionSecret }: AppContext): Router {
  const router = Router();
  const activeEmployer = requireActiveEmployer(store);
  const base = '/employer/saved-searches';

  router.get(base, requireUser, activeEmployer, async (req, res) => {
    const searches = await listSavedSearches(services, { scope: scopeOf(req) });
    res.set('Cache-Control', 'no-store').json({
      success: true,
      saved_searches: searches.map(presentSavedSearch),
      max: SAVED_SEARCHES_PER_OWNER_MAX,
    } satisfies SavedSearchesAnswer);
  });

  router.post(base, requireUser, activeEmployer, async (req, res) => {
    const body = parseBody(SavedSearchBody, req);
    const search = await createSavedSearch(services, { scope: scopeOf(req), ...body });
    res
      .status(201)
      .json({ success: true, saved_search: presentSavedSearch(search) } satisfies SavedSearchAnswer);
  });

  router.put(`${base}/:id`, requireUser, activeEmployer, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const patch = parseBody(SavedSearchPatch, req);
    const search = await updateSavedSearch(services, { scope: scopeOf(req), id, ...patch });
    res.json({ success: true, saved_search: presentSavedSearch(search) } satisfies SavedSearchAnswer);
  });

  router.delete(`${base}/:id`, requireUser, activeEmployer, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    await deleteSavedSearch(services, { scope: scopeOf(req), id });
    res.json({ success: true } satisfies Success);
  });

  router.post('/saved-searches/unsubscribe', async (req, res) => {
    const body = parseBody(UnsubscribeBody, req);
    const search = await unsubscribeDigest({ store, secret: sessionSecret }, body);
    res.json({ success: true, name: search.name } satisfies UnsubscribeAnswer);
  });

  return router;
}
