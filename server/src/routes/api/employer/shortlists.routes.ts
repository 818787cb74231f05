import {
  IdParams,
  ShortlistAgentBody,
  ShortlistAgentParams,
  type ShortlistAnswer,
  ShortlistBody,
  type ShortlistsAnswer,
} from '@agentry/domain/contract/employer';
import type { Success } from '@agentry/domain/contract/shapes';
import type { User } from '@agentry/platform/store/port';
import { Router } from 'express';
import {
  addToShortlist,
  createShortlist,
  deleteShortlist,
  removeFromShortlist,
  renameShortlist,
} from '../../../commands/employer/manage-shortlists';
import type { AppContext } from '../../../context';
import { requireUser } from '../../../http/require-user';
import { parse, parseBody } from '../../../http/validate';
import { requireActiveEmployer } from '../../../policies/employer';
import { presentShortlist } from '../../../presenters/shortlist';

// An active employer's shortlists (docs/employer-tools.md). Another employer's list is a 404.

export function shortlistsRoutes({ store }: AppContext): Router {
  const router = Router();
  const me = (req: Express.Request) => req.user as User;

  router.get('/shortlists', requireUser, requireActiveEmployer, async (req, res) => {
    const lists = await store.shortlists.listForUser(me(req).id);
    res
      .set('Cache-Control', 'no-store')
      .json({ success: true, shortlists: lists.map(presentShortlist) } satisfies ShortlistsAnswer);
  });

  router.post('/shortlists', requireUser, requireActiveEmployer, async (req, res) => {
    const { name } = parseBody(ShortlistBody, req);
    const list = await createShortlist(store, me(req), name);
    res.status(201).json({ success: true, shortlist: presentShortlist(list) } satisfies ShortlistAnswer);
  });

  router.put('/shortlists/:id', requireUser, requireActiveEmployer, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { name } = parseBody(ShortlistBody, req);
    const list = await renameShortlist(store, me(req), id, name);
    res.json({ success: true, shortlist: presentShortlist(list) } satisfies ShortlistAnswer);
  });

  router.delete('/shortlists/:id', requireUser, requireActiveEmployer, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    await deleteShortlist(store, me(req), id);
    res.json({ success: true } satisfies Success);
  });

  router.post('/shortlists/:id/agents', requireUser, requireActiveEmployer, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { agent_id } = parseBody(ShortlistAgentBody, req);
    const list = await addToShortlist(store, me(req), id, agent_id);
    res.json({ success: true, shortlist: presentShortlist(list) } satisfies ShortlistAnswer);
  });

  router.delete('/shortlists/:id/agents/:agentId', requireUser, requireActiveEmployer, async (req, res) => {
    const { id, agentId } = parse(ShortlistAgentParams, req.params);
    const list = await removeFromShortlist(store, me(req), id, agentId);
    res.json({ success: true, shortlist: presentShortlist(list) } satisfies ShortlistAnswer);
  });

  return router;
}
