import { API_KEYS_PER_EMPLOYER_MAX } from '@agentry/domain/api-keys';
import {
  ApiKeyBody,
  type ApiKeyCreated,
  type ApiKeysAnswer,
  IdParams,
} from '@agentry/domain/contract/employer';
import type { Success } from '@agentry/domain/contract/shapes';
import type { User } from '@agentry/platform/store/port';
import { Router } from 'express';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../commands/employer/manage-api-keys';
import type { AppContext } from '../../../context';
import { requireUser } from '../../../http/require-user';
import { parse, parseBody } from '../../../http/validate';
import { requireActiveEmployer, requireEmployerAccount } from '../../../policies/employer';
import { presentApiKey } from '../../../presenters/api-key';

// An employer's API keys, managed from the employer dashboard with the session (a key cannot make
// or revoke keys: http/api-key-auth.ts does not open these paths). Making one needs the active
// plan; listing and revoking do not, so a lapsed employer can still take a key back.

export function apiKeysRoutes({ store, services }: AppContext): Router {
  const router = Router();
  const activeEmployer = requireActiveEmployer(store);
  const me = (req: Express.Request) => req.user as User;

  router.get('/employer/api-keys', requireUser, requireEmployerAccount, async (req, res) => {
    const keys = await listApiKeys(services, { user: me(req) });
    res.set('Cache-Control', 'no-store').json({
      success: true,
      api_keys: keys.map(presentApiKey),
      max: API_KEYS_PER_EMPLOYER_MAX,
    } satisfies ApiKeysAnswer);
  });

  /** The key itself is in this answer only: it is stored as a hash and never shown again. */
  router.post('/employer/api-keys', requireUser, activeEmployer, async (req, res) => {
    const { name } = parseBody(ApiKeyBody, req);
    const { key, token } = await createApiKey(services, { user: me(req), name });
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json({ success: true, api_key: presentApiKey(key), key: token } satisfies ApiKeyCreated);
  });

  router.delete('/employer/api-keys/:id', requireUser, requireEmployerAccount, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    await revokeApiKey(services, { user: me(req), id });
    res.json({ success: true } satisfies Success);
  });

  return router;
}
