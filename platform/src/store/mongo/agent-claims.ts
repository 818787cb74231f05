import { type Connection, type QueryFilter, Types } from 'mongoose';
import { type AgentRepository, CLAIM_AGENTS_MAX } from '../port';
import { toAgent } from './agent-docs';
import { moveGroupsVersion, recordChanges } from './changes';
import { type AgentDoc, CASE_INSENSITIVE, type MongoModels, objectIdOrNull } from './models';

// Agents nobody owns yet: claimed by the provider whose e-mail they carry; one held agent discarded,
// or the claims that lapsed. Each write runs in a transaction with its change-log entries, as in
// agent-writes.ts.

/** The claims of the agent repository. */
export type MongoAgentClaims = Pick<AgentRepository, 'claimListed' | 'discardHeld' | 'discardLapsedClaims'>;

export function mongoAgentClaims(conn: Connection, models: MongoModels): MongoAgentClaims {
  const { agents } = models;
  return {
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
  };
}
