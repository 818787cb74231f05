import type { Connection } from 'mongoose';
import { pageOf } from '../page';
import { CLAIM_LIST_MAX, type ListingClaim, type ListingClaimRepository } from '../port';
import { recordChanges } from './changes';
import { type MongoModels, objectIdOrNull } from './models';
import { isoOf, type ListingClaimDoc } from './trust-models';

// The owner of an agent moves in a transaction with its change-log entry and the claim's record,
// as every agent write does here (mongo/agents.ts).

const toClaim = (doc: ListingClaimDoc): ListingClaim => ({
  id: String(doc._id),
  agent_id: doc.agent_id,
  agent_name: doc.agent_name,
  domain: doc.domain,
  from_owner_id: doc.from_owner_id ?? null,
  to_owner_id: doc.to_owner_id,
  created_at: doc.created_at.toISOString(),
  reversed_at: isoOf(doc.reversed_at),
  reversed_by: doc.reversed_by ?? null,
  reverse_reason: doc.reverse_reason ?? null,
});

/** Aborts the transaction without an error reaching the caller. */
class NotMoved extends Error {}

export function createMongoListingClaims(conn: Connection, models: MongoModels): ListingClaimRepository {
  const { agents, listingClaims } = models;

  /** Moves the owner from `from` (null: nobody, an absent field) to `to`, with the change entry. */
  const moveOwner = async (
    session: Parameters<Parameters<Connection['transaction']>[0]>[0],
    agentId: string,
    from: string | null,
    to: string | null,
    now: Date,
  ) => {
    const _id = objectIdOrNull(agentId);
    if (!_id) throw new NotMoved();
    // Unowned agents carry no owner_id at all (the sparse owner index): null matches that.
    const current = from === null ? { owner_id: null } : { owner_id: { $eq: from } };
    const change =
      to === null
        ? { $unset: { owner_id: 1 }, $set: { updated_at: now } }
        : { $set: { owner_id: to, updated_at: now } };
    const moved = await agents
      .findOneAndUpdate({ _id, ...current }, change, { session, projection: { removed: 1 } })
      .lean();
    if (!moved) throw new NotMoved();
    await recordChanges(
      models,
      session,
      [{ agent_id: String(_id), op: moved.removed ? 'delete' : 'upsert' }],
      now,
    );
  };

  const inTransaction = async <T>(work: Parameters<Connection['transaction']>[0]) => {
    try {
      return (await conn.transaction(work)) as T;
    } catch (error) {
      if (error instanceof NotMoved) return null;
      throw error;
    }
  };

  return {
    async claim(input) {
      return inTransaction<ListingClaim>(async (session) => {
        const now = new Date();
        await moveOwner(session, input.agent_id, input.from_owner_id, input.to_owner_id, now);
        const [doc] = await listingClaims.insertMany(
          [{ ...input, created_at: now, reversed_at: null, reversed_by: null, reverse_reason: null }],
          { session },
        );
        return toClaim(doc!.toObject() as ListingClaimDoc);
      });
    },
    async reverse(id, input) {
      const _id = objectIdOrNull(id);
      if (!_id) return null;
      return inTransaction<ListingClaim>(async (session) => {
        const when = new Date(input.at);
        const claim = await listingClaims
          .findOneAndUpdate(
            { _id, reversed_at: null },
            { $set: { reversed_at: when, reversed_by: input.by, reverse_reason: input.reason } },
            { session, returnDocument: 'after' },
          )
          .lean();
        if (!claim) throw new NotMoved();
        await moveOwner(session, claim.agent_id, claim.to_owner_id, claim.from_owner_id, when);
        return toClaim(claim as ListingClaimDoc);
      });
    },
    async get(id) {
      const _id = objectIdOrNull(id);
      const doc = _id ? await listingClaims.findById(_id).lean() : null;
      return doc ? toClaim(doc as ListingClaimDoc) : null;
    },
    async list(options = {}) {
      const { limit, offset } = pageOf(options, CLAIM_LIST_MAX);
      if (limit === 0) return [];
      const docs = await listingClaims.find({}).sort({ _id: -1 }).skip(offset).limit(limit).lean();
      return docs.map((doc) => toClaim(doc as ListingClaimDoc));
    },
    async count() {
      return listingClaims.countDocuments({});
    },
  };
}
