import { type Agent, agentIdentityKey } from '@agentry/domain/agent';
import { type Connection, type QueryFilter, Types } from 'mongoose';
import {
  AGENT_RECORD_FIELDS,
  deriveAgentFields,
  listPage,
  newAgentColumns,
  patchKeys,
  settleHold,
} from '../agent-record';
import { queryTokens, rankBasic } from '../basic-search';
import {
  type AgentCreate,
  type AgentFilter,
  type AgentGroupCount,
  type AgentListOptions,
  type AgentRepository,
  CLAIM_AGENTS_MAX,
  DuplicateAgentError,
  type ImportOutcome,
  PROVIDER_COUNT_MAX,
  PROVIDER_MOVE_MAX,
  type ProviderMoveBatch,
} from '../port';
import { CHANGE_LOG_READ_CONCERN, moveGroupsVersion, readGroupsVersion, recordChanges } from './changes';
import { createdPerDay } from './created-per-day';
import { type AgentDoc, CASE_INSENSITIVE, isDuplicateKey, type MongoModels, objectIdOrNull } from './models';

// Agent writes run in a transaction with their change-log entries (conn.transaction, which needs a
// replica set or mongos: docker-compose starts MongoDB as a one-node replica set for this reason).
// The driver retries the whole callback on transient errors such as write conflicts, so each
// callback builds its results from scratch.

/** The record's fields by the shared list; null for an optional field a document leaves out. */
function toAgent(doc: AgentDoc): Agent {
  const fields = Object.fromEntries(AGENT_RECORD_FIELDS.map((field) => [field, doc[field] ?? null]));
  return {
    ...(fields as Omit<Agent, 'id' | 'removed' | 'created_at' | 'updated_at'>),
    id: String(doc._id),
    removed: doc.removed,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}

/**
 * The filter shared by list() and count(). Under the listing collation, which folds case in every
 * string comparison, the owner id's too: callers that filter by owner compare it exactly again.
 */
function listFilter(options: AgentFilter): QueryFilter<AgentDoc> {
  const conditions: QueryFilter<AgentDoc>[] = [];
  // Held agents are removed: asking for them asks for removed ones.
  if (!options.includeRemoved && options.heldFor === undefined) conditions.push({ removed: false });
  if (options.heldFor !== undefined) conditions.push({ held_for: options.heldFor });
  if (options.category !== undefined) conditions.push({ category: options.category });
  if (options.role !== undefined) conditions.push({ role: options.role });
  if (options.ownerId !== undefined) conditions.push({ owner_id: options.ownerId });
  if (options.email !== undefined) conditions.push({ email: options.email.trim() });
  // Null matches an absent field too: unowned agents carry no owner_id at all.
  if (options.unowned) conditions.push({ owner_id: null });
  if (options.nameContains !== undefined) {
    conditions.push({ name: { $regex: escapeRegExp(options.nameContains), $options: 'i' } });
  }
  return conditions.length > 0 ? { $and: conditions } : {};
}

/** A new agent with the shared derivations (identity key, pricing) and its id chosen here. */
function newAgentDoc(input: AgentCreate, now: Date, _id: Types.ObjectId): AgentDoc {
  const {
    owner_id,
    created_at: _created,
    updated_at: _updated,
    ...columns
  } = newAgentColumns(input, now.toISOString());
  return { _id, ...columns, ...(owner_id === null ? {} : { owner_id }), created_at: now, updated_at: now };
}

/** Compares as CASE_INSENSITIVE does (ICU, English, secondary strength: case folded, accents kept). */
const caseInsensitive = new Intl.Collator('en', { sensitivity: 'accent' });

/** Case-insensitive order close to the listing collation, then binary so the order is total. */
function compareCaseInsensitive(a: string, b: string): number {
  return caseInsensitive.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

function sortCaseInsensitive(values: string[]): string[] {
  return values.sort(compareCaseInsensitive);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const SEARCH_FIELDS = ['name', 'role', 'category', 'description', 'provider'] as const;

/** Rows per transaction of importMany (MongoDB only; see there). */
export const IMPORT_CHUNK = 1000;

export function createMongoAgents(conn: Connection, models: MongoModels): AgentRepository {
  const { agents } = models;

  /** One transaction: the chunk's new agents and their change-log entries, duplicates skipped. */
  const importChunk = (inputs: AgentCreate[]) =>
    conn.transaction(async (session): Promise<ImportOutcome> => {
      const now = new Date();
      const docs = inputs.map((input) => newAgentDoc(input, now, new Types.ObjectId()));
      const keys = [...new Set(docs.map((doc) => doc.identity_key))];
      const existing = await agents
        .find({ identity_key: { $in: keys } }, { identity_key: 1, _id: 0 })
        .session(session)
        .lean();
      const taken = new Set(existing.map((doc) => doc.identity_key));
      const outcome: ImportOutcome = { added: 0, duplicates: [] };
      const fresh: AgentDoc[] = [];
      docs.forEach((doc, index) => {
        if (taken.has(doc.identity_key)) {
          outcome.duplicates.push({ index, name: inputs[index]!.name, provider: inputs[index]!.provider });
          return;
        }
        taken.add(doc.identity_key);
        fresh.push(doc);
      });
      if (fresh.length > 0) {
        // A concurrent import of the same agent surfaces as a write conflict, not a duplicate key:
        // the driver retries this callback and the lookup above then sees the other's row.
        // lean: the documents are built whole by newAgentDoc; hydrating and validating 10,000 of
        // them through mongoose held the thread for about a second (an admin upload).
        await agents.insertMany(fresh, { session, lean: true });
        await recordChanges(
          models,
          session,
          fresh.map((doc) => ({ agent_id: String(doc._id), op: 'upsert' as const })),
          now,
        );
        if (fresh.some((doc) => !doc.removed)) await moveGroupsVersion(models, session);
      }
      outcome.added = fresh.length;
      return outcome;
    });

  return {
    async create(input) {
      const now = new Date();
      const doc = newAgentDoc(input, now, new Types.ObjectId());
      try {
        await conn.transaction(async (session) => {
          await agents.insertMany([doc], { session });
          await recordChanges(
            models,
            session,
            [{ agent_id: String(doc._id), op: doc.removed ? 'delete' : 'upsert' }],
            now,
          );
          if (!doc.removed) await moveGroupsVersion(models, session);
        });
      } catch (error) {
        if (isDuplicateKey(error, 'identity_key')) throw new DuplicateAgentError(input.name, input.provider);
        throw error;
      }
      return toAgent(doc);
    },

    async importMany(inputs) {
      const outcome: ImportOutcome = { added: 0, duplicates: [] };
      // A transaction per IMPORT_CHUNK rows, not one for the whole file: MongoDB aborts a transaction
      // that runs a minute or more (transactionLifetimeLimitSeconds, 60 s by default,
      // https://www.mongodb.com/docs/v7.0/core/transactions-production-consideration/#runtime-limit),
      // and a large one weighs on the WiredTiger cache (same page). A failure part-way keeps the
      // chunks already written; importing the file again adds the rest (the identity rule skips
      // what is there). SQLite writes the whole batch in one transaction.
      for (let start = 0; start < inputs.length; start += IMPORT_CHUNK) {
        const chunk = inputs.slice(start, start + IMPORT_CHUNK);
        const part = await importChunk(chunk);
        outcome.added += part.added;
        for (const duplicate of part.duplicates)
          outcome.duplicates.push({ ...duplicate, index: duplicate.index + start });
      }
      return outcome;
    },

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

    async update(id, patch) {
      const _id = objectIdOrNull(id);
      if (_id === null) return null;
      const keys = patchKeys(patch);
      if (keys.length === 0) {
        const doc = await agents.findOne({ _id }).lean();
        return doc ? toAgent(doc) : null;
      }
      return conn.transaction(async (session) => {
        const current = await agents.findOne({ _id }).session(session).lean();
        if (!current) return null;
        const next = settleHold(
          { ...toAgent(current), ...Object.fromEntries(keys.map((key) => [key, patch[key]])) } as Agent,
          patch,
        );
        const now = new Date();
        const { id: _presentedId, owner_id, created_at: _created, updated_at: _updated, ...fields } = next;
        let updated: AgentDoc | null;
        try {
          updated = await agents
            .findOneAndUpdate(
              { _id },
              owner_id === null
                ? {
                    $set: { ...fields, ...deriveAgentFields(next), updated_at: now },
                    $unset: { owner_id: 1 },
                  }
                : { $set: { ...fields, ...deriveAgentFields(next), owner_id, updated_at: now } },
              { returnDocument: 'after', session },
            )
            .lean();
        } catch (error) {
          // Thrown inside the callback: the transaction aborts and the error reaches the caller as is.
          if (isDuplicateKey(error, 'identity_key')) throw new DuplicateAgentError(next.name, next.provider);
          throw error;
        }
        await recordChanges(
          models,
          session,
          [{ agent_id: String(_id), op: next.removed ? 'delete' : 'upsert' }],
          now,
        );
        if (
          current.removed !== next.removed ||
          (!next.removed && (current.category !== next.category || current.role !== next.role))
        )
          await moveGroupsVersion(models, session);
        return toAgent(updated!);
      });
    },

    async list(options: AgentListOptions = {}) {
      const { limit, offset } = listPage(options);
      // As SQLite's LIMIT 0 would, and unlike MongoDB's limit(0), which means no limit.
      if (limit === 0) return [];
      const query = agents
        .find(listFilter(options))
        .collation(CASE_INSENSITIVE)
        .sort({ category: 1, role: 1, name: 1, _id: 1 });
      if (options.ownerId === undefined) return (await query.skip(offset).limit(limit).lean()).map(toAgent);
      // The collation matches the owner id without case too: the page is cut after the exact check.
      const page: Agent[] = [];
      let skipped = 0;
      for await (const doc of query.lean().cursor()) {
        if (doc.owner_id !== options.ownerId) continue;
        if (skipped < offset) skipped += 1;
        else if (page.push(toAgent(doc)) >= limit) break;
      }
      return page;
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

    async claimListed({ agentIds, email, ownerId }) {
      const ids = agentIds
        .slice(0, CLAIM_AGENTS_MAX)
        .map(objectIdOrNull)
        .filter((id): id is Types.ObjectId => id !== null);
      if (ids.length === 0) return [];
      return conn.transaction(async (session) => {
        const now = new Date();
        // Listed or held for a claim, never removed for another reason: a link cannot bring back
        // what its provider deleted or staff removed. A held agent is listed by its claim.
        const claimable: QueryFilter<AgentDoc> = {
          _id: { $in: ids },
          email: email.trim(),
          owner_id: null,
          $or: [{ removed: false }, { held_for: 'claim' }],
        };
        const docs = await agents
          .find(claimable, { _id: 1, removed: 1 })
          .collation(CASE_INSENSITIVE)
          .session(session)
          .lean();
        if (docs.length === 0) return [];
        await agents.updateMany(
          { ...claimable, _id: { $in: docs.map((doc) => doc._id) } },
          { $set: { owner_id: ownerId, removed: false, held_for: null, updated_at: now } },
          { session, collation: CASE_INSENSITIVE },
        );
        const claimed = docs.map((doc) => String(doc._id));
        await recordChanges(
          models,
          session,
          claimed.map((agent_id) => ({ agent_id, op: 'upsert' as const })),
          now,
        );
        // A held agent listed by its claim.
        if (docs.some((doc) => doc.removed)) await moveGroupsVersion(models, session);
        return claimed;
      });
    },

    async discardHeld(id, hold) {
      const _id = objectIdOrNull(id);
      if (_id === null) return null;
      return conn.transaction(async (session) => {
        const doc = await agents
          .findOneAndDelete({ _id, held_for: hold, owner_id: null }, { session })
          .lean();
        if (!doc) return null;
        await recordChanges(models, session, [{ agent_id: String(doc._id), op: 'delete' }], new Date());
        if (!doc.removed) await moveGroupsVersion(models, session);
        return toAgent(doc);
      });
    },

    async discardLapsedClaims(before, limit) {
      if (limit <= 0) return 0;
      return conn.transaction(async (session) => {
        const lapsed = { held_for: 'claim' as const, owner_id: null, created_at: { $lt: before } };
        const docs = await agents
          .find(lapsed, { _id: 1, removed: 1 })
          .sort({ created_at: 1 })
          .limit(Math.floor(limit))
          .session(session)
          .lean();
        if (docs.length === 0) return 0;
        const ids = docs.map((doc) => doc._id);
        const { deletedCount } = await agents.deleteMany({ ...lapsed, _id: { $in: ids } }, { session });
        await recordChanges(
          models,
          session,
          ids.map((id) => ({ agent_id: String(id), op: 'delete' as const })),
          new Date(),
        );
        if (docs.some((doc) => !doc.removed)) await moveGroupsVersion(models, session);
        return deletedCount;
      });
    },

    async touch(ids) {
      const objectIds = [...new Set(ids)].slice(0, 1000).flatMap((id) => {
        const _id = objectIdOrNull(id);
        return _id ? [_id] : [];
      });
      if (objectIds.length === 0) return 0;
      return conn.transaction(async (session) => {
        const now = new Date();
        const docs = await agents
          .find({ _id: { $in: objectIds } }, { removed: 1 })
          .session(session)
          .lean();
        if (docs.length === 0) return 0;
        await agents.updateMany(
          { _id: { $in: docs.map((doc) => doc._id) } },
          { $set: { updated_at: now } },
          { session },
        );
        await recordChanges(
          models,
          session,
          docs.map((doc) => ({ agent_id: String(doc._id), op: doc.removed ? 'delete' : 'upsert' })),
          now,
        );
        return docs.length;
      });
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
      const pattern = tokens.map(escapeRegExp).join('|');
      const docs = await agents
        .find({
          removed: false,
          $or: SEARCH_FIELDS.map((field) => ({ [field]: { $regex: pattern, $options: 'i' } })),
        })
        .sort({ _id: 1 })
        .limit(2000)
        .lean();
      return rankBasic(docs.map(toAgent), tokens, limit);
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
    async countByProvider({ after, limit = PROVIDER_COUNT_MAX } = {}) {
      const bounded = Math.max(0, Math.min(Math.floor(limit), PROVIDER_COUNT_MAX));
      if (bounded === 0) return [];
      // No collation: spellings that differ only in case stay apart, in binary order as in SQLite,
      // which the keyset `after` continues in. The sort and limit come after the group, so the
      // answer is bounded even when the catalog has more spellings than that.
      const groups = await agents.aggregate<{ _id: string; agents: number }>(
        [
          ...(after === undefined ? [] : [{ $match: { provider: { $gt: after } } }]),
          // In the index's order ({ provider, _id }), so the group reads the index, not the documents.
          { $sort: { provider: 1 } },
          { $project: { _id: 0, provider: 1 } },
          { $group: { _id: '$provider', agents: { $sum: 1 } } },
          { $sort: { _id: 1 } },
          { $limit: bounded },
        ],
        { allowDiskUse: true },
      );
      return groups.map((group) => ({ provider: group._id, agents: group.agents }));
    },

    async moveProvider({ from, into, afterId, limit }) {
      const bounded = Math.max(0, Math.min(Math.floor(limit), PROVIDER_MOVE_MAX));
      const after = afterId === undefined ? undefined : objectIdOrNull(afterId);
      if (bounded === 0 || after === null || from === into) return { moved: [], clashed: [], lastId: null };
      return conn.transaction(async (session): Promise<ProviderMoveBatch> => {
        const now = new Date();
        const filter: QueryFilter<AgentDoc> =
          after === undefined ? { provider: from } : { provider: from, _id: { $gt: after } };
        // No collation: the spelling is matched exactly, as SQLite's = does.
        const docs = await agents
          .find(filter, { _id: 1, name: 1, removed: 1 })
          .sort({ _id: 1 })
          .limit(bounded)
          .session(session)
          .lean();
        const batch: ProviderMoveBatch = { moved: [], clashed: [], lastId: null };
        if (docs.length === 0) return batch;
        const keyOf = new Map(docs.map((doc) => [String(doc._id), agentIdentityKey(doc.name, into)]));
        const holders = await agents
          .find({ identity_key: { $in: [...new Set(keyOf.values())] } }, { _id: 1, identity_key: 1 })
          .session(session)
          .lean();
        const holderOf = new Map(holders.map((doc) => [doc.identity_key, String(doc._id)]));
        const moving: typeof docs = [];
        for (const doc of docs) {
          const holder = holderOf.get(keyOf.get(String(doc._id))!);
          if (holder !== undefined && holder !== String(doc._id)) {
            batch.clashed.push({ id: String(doc._id), name: doc.name });
          } else {
            moving.push(doc);
          }
        }
        if (moving.length > 0) {
          await agents.bulkWrite(
            moving.map((doc) => ({
              updateOne: {
                filter: { _id: doc._id },
                update: {
                  $set: { provider: into, identity_key: keyOf.get(String(doc._id))!, updated_at: now },
                },
              },
            })),
            { session },
          );
          await recordChanges(
            models,
            session,
            moving.map((doc) => ({ agent_id: String(doc._id), op: doc.removed ? 'delete' : 'upsert' })),
            now,
          );
        }
        batch.moved = moving.map((doc) => String(doc._id));
        batch.lastId = String(docs[docs.length - 1]!._id);
        return batch;
      });
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
