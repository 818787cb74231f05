import { ProviderMergeBody } from '@agentry/domain/contract/admin';
import { Router } from 'express';
import { findProviderDuplicates, mergeProviders } from '../../../commands/admin/merge-providers';
import type { AppContext } from '../../../context';
import { adminOf } from '../../../http/require-admin';
import { parseBody } from '../../../http/validate';

// Provider spellings (issue 25, docs/admin.md): the likely duplicates and their merge. Mounted
// inside the admin router, after its admin and CSRF checks and the API's rate limits; the merge
// is in the audit log.

export function adminProviderRoutes({ store }: AppContext): Router {
  const router = Router();

  router.get('/providers/duplicates', async (_req, res) => {
    res.json(await findProviderDuplicates({ store }));
  });

  router.post('/providers/merge', async (req, res) => {
    // Named, not spread: the bounds are the server's, never the request's.
    const { from, into } = parseBody(ProviderMergeBody, req);
    res.json(await mergeProviders({ store }, { admin: adminOf(req), from, into }));
  });

  return router;
}
