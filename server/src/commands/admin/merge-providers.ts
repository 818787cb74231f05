import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ProviderDuplicatesAnswer, ProviderMergeAnswer } from '@agentry/domain/contract/admin';
import { groupProviderDuplicates, type ProviderSpelling, providerKey } from '@agentry/domain/provider-name';
import { type Admin, PROVIDER_COUNT_MAX, PROVIDER_MOVE_MAX, type Store } from '@agentry/platform/store/port';
import { badRequest } from '../../http/errors';
import type { Action, Query } from '../command';

// Provider spellings (issue 25, catalog hygiene): staff see the spellings that likely name one
// provider ("microsoft.com" and "microsoft", by domain/provider-name.ts's key) and merge them.
// Both are bounded per request: the duplicates read at most PROVIDER_SPELLINGS_READ grouped rows
// (never the agents themselves), a merge moves at most PROVIDER_MERGE_AGENTS_MAX agents in batches
// of PROVIDER_MOVE_MAX (each batch one transaction, each agent with its change-log entry, so the
// search index follows), giving the event loop a turn between batches.

type ProviderStore = Pick<Store, 'agents' | 'audit'>;

/** The most distinct spellings one duplicates request reads (10 grouped reads of 5,000). */
export const PROVIDER_SPELLINGS_READ = 10 * PROVIDER_COUNT_MAX;

/** The most agents one merge request moves; past it the answer says `remaining` and staff send it again. */
export const PROVIDER_MERGE_AGENTS_MAX = 10 * PROVIDER_MOVE_MAX;

/** The most clashes one answer names (all are counted). */
export const PROVIDER_CLASHES_NAMED = 100;

export const findProviderDuplicates: Query<{ store: ProviderStore }, void, ProviderDuplicatesAnswer> = async (
  { store },
  _input,
) => {
  // Keyed page by page, each page in a turn of its own: keying 30,000 spellings at once held the
  // event loop for 100-330 ms at 100,000 agents (under load), a page of 5,000 takes a sixth of it.
  const byKey = new Map<string, ProviderSpelling[]>();
  let read = 0;
  let after: string | undefined;
  let complete = false;
  while (read < PROVIDER_SPELLINGS_READ) {
    const page = await store.agents.countByProvider({ after, limit: PROVIDER_COUNT_MAX });
    read += page.length;
    for (const spelling of page) {
      const key = providerKey(spelling.provider);
      const group = byKey.get(key);
      if (group) group.push(spelling);
      else byKey.set(key, [spelling]);
    }
    if (page.length < PROVIDER_COUNT_MAX) {
      complete = true;
      break;
    }
    after = page[page.length - 1]!.provider;
    await nextTurn();
  }
  const shared = [...byKey].flatMap(([key, group]) => (key !== '' && group.length > 1 ? group : []));
  return { success: true, groups: groupProviderDuplicates(shared), complete };
};

export const mergeProviders: Action<
  { store: ProviderStore },
  {
    admin: Admin;
    from: string[];
    into: string;
    /** The request's bounds; smaller ones in tests. */
    bounds?: { agents: number; batch: number };
  },
  ProviderMergeAnswer
> = async (
  { store },
  { admin, bounds = { agents: PROVIDER_MERGE_AGENTS_MAX, batch: PROVIDER_MOVE_MAX }, ...input },
) => {
  const into = input.into.trim();
  const from = [...new Set(input.from)].filter((spelling) => spelling !== into);
  if (from.length === 0)
    throw badRequest('Name a spelling other than the one to merge into', { success: false });

  const answer: ProviderMergeAnswer = {
    success: true,
    into,
    moved: 0,
    clashed: [],
    clashed_total: 0,
    remaining: false,
  };
  const movedBy: Record<string, number> = {};
  let budget = bounds.agents;
  for (const spelling of from) {
    let afterId: string | undefined;
    movedBy[spelling] = 0;
    for (;;) {
      if (budget === 0) {
        answer.remaining = true;
        break;
      }
      const limit = Math.min(bounds.batch, budget);
      const batch = await store.agents.moveProvider({ from: spelling, into, afterId, limit });
      if (batch.lastId === null) break;
      const read = batch.moved.length + batch.clashed.length;
      budget -= read;
      movedBy[spelling] += batch.moved.length;
      answer.moved += batch.moved.length;
      answer.clashed_total += batch.clashed.length;
      for (const clash of batch.clashed) {
        if (answer.clashed.length < PROVIDER_CLASHES_NAMED)
          answer.clashed.push({ ...clash, provider: spelling });
      }
      // A short batch was the spelling's last.
      if (read < limit) break;
      afterId = batch.lastId;
      await nextTurn();
    }
    if (answer.remaining) break;
  }
  // A merge that found nothing to move changed nothing: no entry.
  if (answer.moved > 0 || answer.clashed_total > 0) {
    await store.audit.record({
      actor: admin.username,
      action: 'merge_providers',
      entity_type: 'provider',
      entity_id: null,
      entity_label: into,
      before: { providers: from },
      after: { provider: into, moved: movedBy, clashed: answer.clashed_total, remaining: answer.remaining },
    });
  }
  return answer;
};
