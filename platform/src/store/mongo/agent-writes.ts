import type { Agent } from '@agentry/domain/agent';
import { type Connection, Types } from 'mongoose';
import { deriveAgentFields, patchKeys, settleHold } from '../agent-record';
import { type AgentCreate, type AgentRepository, DuplicateAgentError, type ImportOutcome } from '../port';
import { newAgentDoc, toAgent } from './agent-docs';
import { moveGroupsVersion, recordChanges } from './changes';
import { type AgentDoc, isDuplicateKey, type MongoModels, objectIdOrNull } from './models';

// Agent writes run in a transaction with their change-log entries (conn.transaction, which needs a
// replica set or mongos: docker-compose starts MongoDB as a one-node replica set for this reason).
// The driver retries the whole callback on transient errors such as write conflicts, so each
// callback builds its results from scratch.

/** Rows per transaction of importMany (MongoDB only; see there). */
export const IMPORT_CHUNK = 1000;

/** The writes of the agent repository: a new agent, an import, an edit, a touch. */
export type MongoAgentWrites = Pick<AgentRepository, 'create' | 'importMany' | 'update' | 'touch'>;

export function mongoAgentWrites(conn: Connection, models: MongoModels): MongoAgentWrites {
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
  };
}
