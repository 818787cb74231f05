import { agentIdentityKey } from '@agentry/domain/agent';
import type { QueryFilter, Types } from 'mongoose';
import { listPage } from '../agent-record';
import { heldOfTexts, queryTokens, rankBasic } from '../basic-search';
import {
  type AgentGroupCount,
  type AgentListOptions,
  type AgentRepository,
  PLAIN_MATCH_FIELDS,
  type PlainMatchField,
  type PlainMatchText,
} from '../port';
import {
  caseInsensitive,
  compareCaseInsensitive,
  escapeRegExp,
  listFilter,
  sortCaseInsensitive,
  toAgent,
} from './agent-docs';
import { CHANGE_LOG_READ_CONCERN, readGroupsVersion } from './changes';
import { createdPerDay } from './created-per-day';
import { type AgentDoc, CASE_INSENSITIVE, type MongoModels, objectIdOrNull } from './models';

// The agent reads: one agent, a page of the listing, counts and groups, the catalog's categories and
// roles, the plain search the store answers when the engine cannot, and the indexer's reads.

/** The most agents plain matching ranks (as SQLite's PLAIN_CANDIDATES), the first by id holding a word. */
const PLAIN_CANDIDATES = 2000;

/** Agents not removed holding any of the tokens in a text plain matching reads, without regard to case. */
function plainMatchFilter(tokens: string[]): QueryFilter<AgentDoc> {
  const pattern = tokens.map(escapeRegExp).join('|');
  return {
    removed: false,
    $or: PLAIN_MATCH_FIELDS.map((field) => ({ [field]: { $regex: pattern, $options: 'i' } })),
  };
}

/** The reads of the agent repository. */
export type MongoAgentReads = Pick<
  AgentRepository,
  | 'get'
  | 'findByIdentity'
  | 'getMany'
  | 'list'
  | 'count'
  | 'countBy'
  | 'categories'
  | 'roles'
  | 'groupsVersion'
  | 'searchBasic'
  | 'searchBasicHeld'
  | 'createdPerDay'
  | 'countByOwner'
  | 'scan'
>;

export function mongoAgentReads(models: MongoModels): MongoAgentReads {
  const { agents } = models;
  return {
    async get(id) {
      const _id = objectIdOrNull(id);
      if (_id === null) return null;
      const doc = await agents.findOne({ _id }).lean();
      return doc ? toAgent(doc) : null;
    },

    async findByIdentity(name, provider) {
      const doc = await agents.findOne({ identity_key: agentIdentityKey(name, provider) }).lean();
      return doc ? toAgent(doc) : null;
    },

    async getMany(ids) {
      const objectIds = ids.map(objectIdOrNull).filter((id): id is Types.ObjectId => id !== null);
      if (objectIds.length === 0) return [];
      // What the indexer copies into the index, read as durably as the change log that named it.
      const docs = await agents
        .find({ _id: { $in: objectIds } })
        .readConcern(CHANGE_LOG_READ_CONCERN)
        .lean();
      return docs.map(toAgent);
    },

    async list(options: AgentListOptions = {}) {
      const { limit, offset } = listPage(options);
      // As SQLite's LIMIT 0 would, and unlike MongoDB's limit(0), which means no limit.
      if (limit === 0) return [];
      const query = agents
        .find(listFilter(options))
        .collation(CASE_INSENSITIVE)
        .sort({ category: 1, role: 1, name: 1, _id: 1 });
      const docs = await query.skip(offset).limit(limit).lean();
      if (options.ownerId === undefined) return docs.map(toAgent);
      // The collation matches the owner id without case too. Owner ids are ObjectIds' lower-case
      // hex, so no two differ only in case and the server can skip and cut the page (through the
      // owner's listing index, issue 25: a provider's page deep in thousands of agents reads only
      // its own); the exact check stays, so another owner's agent could never show.
      return docs.filter((doc) => doc.owner_id === options.ownerId).map(toAgent);
    },

    async count(options = {}) {
      const filter = listFilter(options);
      // Category, role and e-mail need the collation to compare without case; the owner id needs it
      // too, but only so the owner index (built with the listing collation) can serve the count:
      // owner ids are lower-case hex, so comparing them without case changes nothing.
      const collated =
        options.category !== undefined ||
        options.role !== undefined ||
        options.email !== undefined ||
        options.ownerId !== undefined;
      if (!collated) return await agents.countDocuments(filter);
      if (options.email === undefined || options.ownerId === undefined)
        return await agents.countDocuments(filter).collation(CASE_INSENSITIVE);
      const docs = await agents.find(filter, { owner_id: 1 }).collation(CASE_INSENSITIVE).lean();
      return docs.filter((doc) => doc.owner_id === options.ownerId).length;
    },

    async countBy(field, filter = {}) {
      // Grouped without a collation, which would merge values that differ only in case (categories()
      // and roles() keep them apart). The category is then matched by its exact spellings, found
      // among the distinct categories (a short list) as the collation would compare them.
      const match: QueryFilter<AgentDoc> = { removed: false };
      if (filter.category !== undefined) {
        const wanted = filter.category;
        const spellings = (await agents.distinct('category', { removed: false })).filter(
          (category) => caseInsensitive.compare(category, wanted) === 0,
        );
        if (spellings.length === 0) return [];
        match.category = { $in: spellings };
      }
      const groups = await agents.aggregate<{ _id: string; count: number }>([
        { $match: match },
        { $group: { _id: `$${field}`, count: { $sum: 1 } } },
      ]);
      return groups
        .map((group): AgentGroupCount => ({ value: group._id, count: group.count }))
        .sort((a, b) => compareCaseInsensitive(a.value, b.value));
    },

    // Distinct values compare exactly (as SQLite's DISTINCT does) and are sorted without regard to case.
    async categories() {
      return sortCaseInsensitive(await agents.distinct('category', { removed: false }));
    },

    async roles(category) {
      if (category === undefined)
        return sortCaseInsensitive(await agents.distinct('role', { removed: false }));
      // The category matches without regard to case, which needs the collation; a distinct() under
      // it would also merge roles that differ only in case, so the roles are collected here instead.
      const docs = await agents
        .find({ removed: false, category }, { role: 1, _id: 0 })
        .collation(CASE_INSENSITIVE)
        .lean();
      return sortCaseInsensitive([...new Set(docs.map((doc) => doc.role))]);
    },

    async groupsVersion() {
      return readGroupsVersion(models);
    },

    async searchBasic(query, limit) {
      const tokens = queryTokens(query);
      if (tokens.length === 0) return [];
      const docs = await agents
        .find(plainMatchFilter(tokens))
        .sort({ _id: 1 })
        .limit(PLAIN_CANDIDATES)
        .lean();
      return rankBasic(docs.map(toAgent), tokens, limit);
    },

    async searchBasicHeld(query, limit) {
      const tokens = queryTokens(query);
      if (tokens.length === 0) return heldOfTexts([], tokens);
      // The same candidates as searchBasic's, with only the texts ranked on sent back by the server.
      const projection = Object.fromEntries(PLAIN_MATCH_FIELDS.map((field) => [field, 1]));
      const docs = await agents
        .find(plainMatchFilter(tokens), projection)
        .sort({ _id: 1 })
        .limit(PLAIN_CANDIDATES)
        .lean<Array<Pick<AgentDoc, '_id' | PlainMatchField>>>();
      const texts = docs.map(
        ({ _id, name, role, category, description, provider }): PlainMatchText => ({
          id: String(_id),
          name,
          role,
          category,
          description,
          provider,
        }),
      );
      return heldOfTexts(rankBasic(texts, tokens, limit), tokens);
    },

    createdPerDay: createdPerDay(agents),

    async countByOwner(ownerIds) {
      const ids = ownerIds.slice(0, 500).map(String);
      if (ids.length === 0) return [];
      const groups = await agents.aggregate<{ _id: string; agents: number; live: number }>([
        { $match: { owner_id: { $in: ids } } },
        {
          $group: {
            _id: '$owner_id',
            agents: { $sum: 1 },
            live: { $sum: { $cond: [{ $eq: ['$removed', false] }, 1, 0] } },
          },
        },
      ]);
      return groups.map((group) => ({ owner_id: group._id, agents: group.agents, live: group.live }));
    },

    async *scan(batchSize, afterId) {
      // As SQLite's LIMIT 0 would, and unlike MongoDB's limit(0), which means no limit.
      if (batchSize <= 0) return;
      let after: Types.ObjectId | null = null;
      if (afterId !== undefined) {
        // An id that names no agent of this store starts nowhere rather than at the beginning.
        after = objectIdOrNull(afterId);
        if (after === null) return;
      }
      for (;;) {
        const filter: QueryFilter<AgentDoc> =
          after === null ? { removed: false } : { removed: false, _id: { $gt: after } };
        // A rebuild copies these into the index: majority, like the change log (changes.ts).
        const docs = await agents
          .find(filter)
          .sort({ _id: 1 })
          .limit(batchSize)
          .readConcern(CHANGE_LOG_READ_CONCERN)
          .lean();
        if (docs.length === 0) return;
        after = docs[docs.length - 1]!._id;
        yield docs.map(toAgent);
      }
    },
  };
}
