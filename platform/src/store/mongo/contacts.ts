import type { QueryFilter } from 'mongoose';
import {
  CONTACT_LIST_MAX,
  type ContactInbox,
  type ContactRequest,
  type ContactRequestRepository,
  ContactThrottledError,
} from '../employer-port';
import { pageOf } from '../page';
import { type ContactDoc, type MongoModels, objectIdOrNull } from './models';

const toRequest = (doc: ContactDoc): ContactRequest => {
  const { _id, created_at, updated_at, ...rest } = doc;
  return {
    ...rest,
    provider_id: rest.provider_id ?? null,
    preferred_times: rest.preferred_times ?? null,
    contact_phone: rest.contact_phone ?? null,
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

export function createMongoContacts({ contacts }: MongoModels): ContactRequestRepository {
  const byId = async (id: string) => {
    const _id = objectIdOrNull(id);
    const doc = _id === null ? null : await contacts.findById(_id).lean();
    return doc ? toRequest(doc as ContactDoc) : null;
  };
  return {
    async create(input, limits) {
      if (limits) {
        const employer = { $eq: String(input.employer_id) };
        const sent = await contacts.countDocuments({
          employer_id: employer,
          created_at: { $gte: limits.since },
        });
        if (sent >= limits.max) throw new ContactThrottledError('too_many');
        const same = await contacts.exists({
          employer_id: employer,
          agent_id: { $eq: String(input.agent_id) },
          created_at: { $gte: limits.sameAgentSince },
        });
        if (same) throw new ContactThrottledError('same_agent');
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
        { $push: { replies: reply }, $set: { status: 'replied', updated_at: new Date() } },
      );
      return done.matchedCount === 1 ? byId(id) : null;
    },
    async countSentSince(employerId, since) {
      return await contacts.countDocuments({
        employer_id: { $eq: String(employerId) },
        created_at: { $gte: since },
      });
    },
  };
}
