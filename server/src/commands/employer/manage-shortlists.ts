import { SHORTLIST_NAME_MAX } from '@agentry/domain/employer-tools';
import {
  DuplicateShortlistError,
  SHORTLIST_AGENTS_MAX,
  SHORTLISTS_PER_USER_MAX,
  type Shortlist,
} from '@agentry/platform/store/port';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { EmployerScope } from '../../policies/employer-scope';
import type { Action, Query } from '../command';
import { cleanLine } from './plain-text';

// An employer's shortlists: named lists of agents to come back to. Every call acts on the lists of
// the employer's scope (policies/employer-scope.ts: their own, or their team's, kept under the
// subscriber's id) and records who acted; another scope's list answers as a missing one (404).

export const SHORTLIST_MESSAGES = {
  notFound: 'List not found',
  agentNotFound: 'Agent not found',
  nameRequired: 'Please give the list a name',
  nameTooLong: `A list name has at most ${SHORTLIST_NAME_MAX} characters`,
  tooManyLists: `You can keep at most ${SHORTLISTS_PER_USER_MAX} lists. Delete one to make room.`,
  listFull: `A list holds at most ${SHORTLIST_AGENTS_MAX} agents. Remove one or start another list.`,
} as const;

type Scope = Pick<EmployerScope, 'ownerId' | 'authorId'>;

function listName(raw: string): string {
  const name = cleanLine(raw);
  if (!name) throw badRequest(SHORTLIST_MESSAGES.nameRequired);
  if (name.length > SHORTLIST_NAME_MAX) throw badRequest(SHORTLIST_MESSAGES.nameTooLong);
  return name;
}

/** Runs a store write that may clash with another list's name: 409 naming it. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DuplicateShortlistError) throw conflict(error.message);
    throw error;
  }
}

const found = (list: Shortlist | null): Shortlist => {
  if (!list) throw notFound(SHORTLIST_MESSAGES.notFound);
  return list;
};

/** The lists of the employer's scope (their own, or their team's). */
export const listShortlists: Query<'store', { scope: Scope }, Shortlist[]> = ({ store }, { scope }) =>
  store.shortlists.listForUser(scope.ownerId);

export const createShortlist: Action<'store', { scope: Scope; name: string }, Shortlist> = async (
  { store },
  { scope, name: rawName },
) => {
  const name = listName(rawName);
  if ((await store.shortlists.countForUser(scope.ownerId)) >= SHORTLISTS_PER_USER_MAX) {
    throw conflict(SHORTLIST_MESSAGES.tooManyLists);
  }
  return uniqueName(() => store.shortlists.create(scope.ownerId, name, scope.authorId));
};

export const renameShortlist: Action<'store', { scope: Scope; id: string; name: string }, Shortlist> = async (
  { store },
  { scope, id, name: rawName },
) => {
  const name = listName(rawName);
  return found(await uniqueName(() => store.shortlists.rename(id, scope.ownerId, name)));
};

export const deleteShortlist: Action<'store', { scope: Scope; id: string }> = async (
  { store },
  { scope, id },
) => {
  if (!(await store.shortlists.delete(id, scope.ownerId))) throw notFound(SHORTLIST_MESSAGES.notFound);
};

type ListAgent = { scope: Scope; id: string; agentId: string };

/** Adds a listed agent at the end of the list; adding one that is there already changes nothing. */
export const addToShortlist: Action<'store', ListAgent, Shortlist> = async (
  { store },
  { scope, id, agentId },
) => {
  const list = found(await store.shortlists.get(id, scope.ownerId));
  const agent = await store.agents.get(agentId);
  if (!agent || agent.removed) throw notFound(SHORTLIST_MESSAGES.agentNotFound);
  if (list.agent_ids.includes(agent.id)) return list;
  if (list.agent_ids.length >= SHORTLIST_AGENTS_MAX) throw conflict(SHORTLIST_MESSAGES.listFull);
  return found(await store.shortlists.addAgent(id, scope.ownerId, agent.id, scope.authorId));
};

/** Takes an agent off the list, whether or not it is still listed in the directory. */
export const removeFromShortlist: Action<'store', ListAgent, Shortlist> = async (
  { store },
  { scope, id, agentId },
) => found(await store.shortlists.removeAgent(id, scope.ownerId, agentId));
