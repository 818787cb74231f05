import {
  IdParams,
  ShortlistAgentBody,
  ShortlistAgentParams,
  type ShortlistAnswer,
  ShortlistBody,
  type ShortlistsAnswer,
} from '@agentry/domain/contract/employer';
import type { Success } from '@agentry/domain/contract/shapes';
import type { Shortlist } from '@agentry/platform/store/port';
import { Router } from 'express';
import {
  addToShortlist,
  createShortlist,
  deleteShortlist,
  listShortlists,
  removeFromShortlist,
  renameShortlist,
} from '../../../commands/employer/manage-shortlists';
import type { AppContext } from '../../../context';
import { requireUser } from '../../../http/require-user';
import { parse, parseBody } from '../../../http/validate';
import { requireActiveEmployer, scopeOf } from '../../../policies/employer';
import { authorNames } from '../../../presenters/author-names';
import { authorIdsOf, presentShortlist } from '../../../presenters/shortlist';

// An active employer's shortlists (docs/employer-tools.md): their own, or their team's (issue 28:
// policies/employer-scope.ts). Another employer's or team's list is a 404.

export function shortlistsRoutes({ store, services }: AppContext): Router {
  const router = Router();
  const activeEmployer = requireActiveEmployer(store);
  const present = async (list: Shortlist) =>
    presentShortlist(list, await authorNames(store, authorIdsOf([list])));

  router.get('/shortlists', requireUser, activeEmployer, async (req, res) => {
    const lists = await listShortlists(services, { scope: scopeOf(req) });
    const names = await authorNames(store, authorIdsOf(lists));
    res.set('Cache-Control', 'no-store').json({
      success: true,
      shortlists: lists.map((list) => presentShortlist(list, names)),
    } satisfies ShortlistsAnswer);
  });

  router.post('/shortlists', requireUser, activeEmployer, async (req, res) => {
    const { name } = parseBody(ShortlistBody, req);
    const list = await createShortlist(services, { scope: scopeOf(req), name });
    res.status(201).json({ success: true, shortlist: await present(list) } satisfies ShortlistAnswer);
  });

  router.put('/shortlists/:id', requireUser, activeEmployer, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { name } = parseBody(ShortlistBody, req);
    const list = await renameShortlist(services, { scope: scopeOf(req), id, name });
    res.json({ success: true, shortlist: await present(list) } satisfies ShortlistAnswer);
  });

  router.delete('/shortlists/:id', requireUser, activeEmployer, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    await deleteShortlist(services, { scope: scopeOf(req), id });
    res.json({ success: true } satisfies Success);
  });

  router.post('/shortlists/:id/agents', requireUser, activeEmployer, async (req, res) => {
    const { id } = parse(IdParams, req.params);
    const { agent_id } = parseBody(ShortlistAgentBody, req);
    const list = await addToShortlist(services, { scope: scopeOf(req), id, agentId: agent_id });
    res.json({ success: true, shortlist: await present(list) } satisfies ShortlistAnswer);
  });

  router.delete('/shortlists/:id/agents/:agentId', requireUser, activeEmployer, async (req, res) => {
    const { id, agentId } = parse(ShortlistAgentParams, req.params);
    const list = await removeFromShortlist(services, { scope: scopeOf(req), id, agentId });
    res.json({ success: true, shortlist: await present(list) } satisfies ShortlistAnswer);
  });

  return router;
}
