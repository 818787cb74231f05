import type { Connection, QueryFilter } from 'mongoose';
import { pageOf } from '../page';
import {
  CONTACT_LIST_MAX,
  type ContactInbox,
  type ContactRequest,
  type ContactRequestRepository,
  type ContactSendLimits,
  ContactThrottledError,
  type ContactTiming,
} from '../port';
import { type ContactDoc, isDuplicateKey, type MongoModels, objectIdOrNull } from './models';

const toRequest = (doc: ContactDoc): ContactRequest => {
  const { _id, created_at, updated_at, ...rest } = doc;
  return {
    ...rest,
    provider_id: rest.provider_id ?? null,
    preferred_times: rest.preferred_times ?? null,
    contact_phone: rest.contact_phone ?? null,
    outcome: rest.outcome ?? null,
    outcome_at: rest.outcome_at ?? null,
    replies: (rest.replies ?? []).map(({ at, by, body }) => ({ at, by, body })),
    id: String(_id),
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
  };
};

function inboxFilter(inbox: ContactInbox, status?: string): QueryFilter<ContactDoc> {
  const filter: QueryFilter<ContactDoc> =
    'providerId' in inbox
      ? { provider_id: { $eq: String(inbox.providerId) } }
      : 'employerId' in inbox
        ? { employer_id: { $eq: String(inbox.employerId) } }
        : { provider_id: null };
  if (status !== undefined) filter.status = { $eq: String(status) as ContactDoc['status'] };
  return filter;
}

/** The counter document every create of one employer writes first (contacts.create). */
const senderLock = (employerId: string) => `contact_requests:${employerId}`;

export function createMongoContacts(conn: Connection, models: MongoModels): ContactRequestRepository {
  const { contacts, counters } = models;
  const byId = async (id: string) => {
    const _id = objectIdOrNull(id);
    const doc = _id === null ? null : await contacts.findById(_id).lean();
    return doc ? toRequest(doc as ContactDoc) : null;
  };

  /**
   * The throttled create: count, check, insert, in one transaction that first writes the sender's
   * own counter document. Without that write, two requests at once would both count the same
   * number and both insert (snapshot isolation lets both read before either commits: write skew).
   * With it, the second to write that document gets a write conflict, MongoDB aborts its
   * transaction and the driver runs it again, when its count sees the first one's insert
   * ("In-progress Transactions and Write Conflicts",
   * https://www.mongodb.com/docs/v7.0/core/transactions-production-consideration/). SQLite does the
   * same in one IMMEDIATE transaction.
   */
  const createThrottled = (
    input: Parameters<ContactRequestRepository['create']>[0],
    limits: ContactSendLimits,
  ) =>
    conn.transaction(async (session) => {
      const employer = { $eq: String(input.employer_id) };
      await counters.updateOne(
        { _id: senderLock(String(input.employer_id)) },
        { $inc: { seq: 1 } },
        { upsert: true, session },
      );
      const sent = await contacts
        .countDocuments({ employer_id: employer, created_at: { $gte: limits.since } })
        .session(session);
      if (sent >= limits.max) throw new ContactThrottledError('too_many');
      const same = await contacts
        .exists({
          employer_id: employer,
          agent_id: { $eq: String(input.agent_id) },
          created_at: { $gte: limits.sameAgentSince },
        })
        .session(session);
      if (same) throw new ContactThrottledError('same_agent');
      const now = new Date();
      const [doc] = await contacts.insertMany(
        [{ ...input, status: 'new', replies: [], created_at: now, updated_at: now }],
        { session },
      );
      return toRequest(doc!.toObject() as ContactDoc);
    });

  return {
    async create(input, limits) {
      if (limits) {
        // The first create of a sender makes its counter document: two at once may both insert it,
        // and one then fails on the duplicate _id rather than a write conflict. Once more is enough.
        for (let attempt = 0; ; attempt++) {
          try {
            return await createThrottled(input, limits);
          } catch (error) {
            if (attempt > 0 || !isDuplicateKey(error, '_id')) throw error;
          }
        }
      }
      const now = new Date();
      const [doc] = await contacts.insertMany([
        { ...input, status: 'new', replies: [], created_at: now, updated_at: now },
      ]);
      return toRequest(doc!.toObject() as ContactDoc);
    },
    get: byId,
    async list(inbox, options = {}) {
      const { limit, offset } = pageOf(options, CONTACT_LIST_MAX);
      if (limit === 0) return [];
      const docs = await contacts
        .find(inboxFilter(inbox, options.status))
        .sort({ _id: -1 })
        .skip(offset)
        .limit(limit)
        .lean();
      return docs.map((doc) => toRequest(doc as ContactDoc));
    },
    async count(inbox, options = {}) {
      return await contacts.countDocuments(inboxFilter(inbox, options.status));
    },
    async setStatus(id, status) {
      const _id = objectIdOrNull(id);
      if (_id === null) return null;
      await contacts.updateOne({ _id }, { $set: { status, updated_at: new Date() } });
      return byId(id);
    },
    async addReply(id, reply) {
      const _id = objectIdOrNull(id);
      if (_id === null) return null;
      const done = await contacts.updateOne(
        { _id },
        {
          $push: { replies: reply },
          // An employer's answer puts it back in the provider's new requests (issue 25).
          $set: { status: reply.by === 'employer' ? 'new' : 'replied', updated_at: new Date() },
        },
      );
      return done.matchedCount === 1 ? byId(id) : null;
    },
    async countSentSince(employerId, since) {
      return await contacts.countDocuments({
        employer_id: { $eq: String(employerId) },
        created_at: { $gte: since },
      });
    },
    async setOutcome(id, employerId, outcome) {
      const _id = objectIdOrNull(id);
      if (_id === null) return null;
      const now = new Date();
      const doc = await contacts
        .findOneAndUpdate(
          { _id, employer_id: { $eq: String(employerId) } },
          { $set: { outcome, outcome_at: outcome === null ? null : now.toISOString(), updated_at: now } },
          { returnDocument: 'after' },
        )
        .lean();
      return doc ? toRequest(doc as ContactDoc) : null;
    },
    async timings(providerId, limit) {
      const bounded = Math.max(0, Math.min(Math.trunc(limit), CONTACT_LIST_MAX));
      const docs = await contacts
        .find(
          { provider_id: { $eq: String(providerId) }, kind: { $ne: 'ownership' } },
          // The first reply by the provider (or staff): an employer's own answers are not replies to them.
          { employer_id: 1, created_at: 1, replies: { $elemMatch: { by: { $ne: 'employer' } } } },
        )
        .sort({ _id: -1 })
        .limit(bounded)
        .lean<Array<Pick<ContactDoc, 'employer_id' | 'created_at' | 'replies'>>>();
      return docs.map(
        (doc): ContactTiming => ({
          employer_id: doc.employer_id,
          created_at: doc.created_at.toISOString(),
          first_reply_at: doc.replies?.[0]?.at ?? null,
        }),
      );
    },
  };
}
