import type { mongo } from 'mongoose';
import { pageOf } from '../page';
import {
  REVIEW_LIST_MAX,
  type Review,
  type ReviewQueue,
  type ReviewRepository,
  ReviewTakenError,
} from '../port';
import { isDuplicateKey, type MongoModels, objectIdOrNull } from './models';
import { isoOf, type ReviewDoc } from './trust-models';

const toReview = (doc: ReviewDoc): Review => ({
  id: String(doc._id),
  agent_id: doc.agent_id,
  org_key: doc.org_key,
  author_id: doc.author_id,
  organization: doc.organization,
  rating: doc.rating,
  body: doc.body,
  hidden: doc.hidden === true,
  moderation_reason: doc.moderation_reason ?? null,
  moderated_at: isoOf(doc.moderated_at),
  reply: doc.reply ? { body: doc.reply.body, at: doc.reply.at.toISOString() } : null,
  open_reports: doc.open_reports ?? 0,
  last_reported_at: isoOf(doc.last_reported_at),
  created_at: doc.created_at.toISOString(),
  updated_at: doc.updated_at.toISOString(),
});

const QUEUES: Record<ReviewQueue, { filter: object; sort: Record<string, 1 | -1> }> = {
  reported: { filter: { open_reports: { $gt: 0 } }, sort: { first_open_report_at: 1, _id: 1 } },
  hidden: { filter: { hidden: true }, sort: { moderated_at: -1, _id: -1 } },
};

export function createMongoReviews({ reviews, reviewReports }: MongoModels): ReviewRepository {
  const after = { returnDocument: 'after' } as const;
  const one = (doc: unknown) => (doc ? toReview(doc as ReviewDoc) : null);

  const writeOnce = async (input: Parameters<ReviewRepository['write']>[0]) => {
    const now = new Date();
    const key = { agent_id: { $eq: String(input.agent_id) }, org_key: { $eq: input.org_key } };
    const existing = await reviews.findOne(key).lean();
    if (existing) {
      if (existing.author_id !== input.author_id) throw new ReviewTakenError();
      const doc = await reviews
        .findOneAndUpdate(
          { _id: existing._id, author_id: { $eq: input.author_id } },
          {
            $set: {
              rating: input.rating,
              body: input.body,
              organization: input.organization,
              updated_at: now,
            },
          },
          after,
        )
        .lean();
      return { review: toReview(doc as ReviewDoc), created: false };
    }
    const [doc] = await reviews.insertMany([
      {
        ...input,
        hidden: false,
        moderation_reason: null,
        moderated_at: null,
        reply: null,
        open_reports: 0,
        first_open_report_at: null,
        last_reported_at: null,
        created_at: now,
        updated_at: now,
      },
    ]);
    return { review: toReview(doc!.toObject() as ReviewDoc), created: true };
  };

  return {
    async write(input) {
      try {
        return await writeOnce(input);
      } catch (error) {
        // A colleague's (or our own other tab's) insert won the unique index: read it again once.
        if (isDuplicateKey(error, 'agent_id')) return writeOnce(input);
        throw error;
      }
    },
    async get(id) {
      const _id = objectIdOrNull(id);
      return one(_id ? await reviews.findById(_id).lean() : null);
    },
    async findByOrganisation(agentId, orgKey) {
      return one(
        await reviews.findOne({ agent_id: { $eq: String(agentId) }, org_key: { $eq: orgKey } }).lean(),
      );
    },
    async listForAgent(agentId, options = {}) {
      const { limit, offset } = pageOf(options, REVIEW_LIST_MAX);
      if (limit === 0) return [];
      const docs = await reviews
        .find({ agent_id: { $eq: String(agentId) }, hidden: false })
        .sort({ _id: -1 })
        .skip(offset)
        .limit(limit)
        .lean();
      return docs.map((doc) => toReview(doc as ReviewDoc));
    },
    async countForAgent(agentId) {
      return reviews.countDocuments({ agent_id: { $eq: String(agentId) }, hidden: false });
    },
    async summaries(agentIds) {
      const ids = [...new Set(agentIds.map(String))].slice(0, 1000);
      if (ids.length === 0) return [];
      const rows = await reviews.aggregate<{ _id: string; count: number; sum: number }>([
        { $match: { agent_id: { $in: ids }, hidden: false } },
        { $group: { _id: '$agent_id', count: { $sum: 1 }, sum: { $sum: '$rating' } } },
      ]);
      return rows.map((row) => ({ agent_id: row._id, count: row.count, sum: row.sum }));
    },
    async topRated(minCount, limit) {
      const rows = await reviews.aggregate<{ _id: string; count: number; sum: number }>([
        { $match: { hidden: false } },
        { $group: { _id: '$agent_id', count: { $sum: 1 }, sum: { $sum: '$rating' } } },
        { $match: { count: { $gte: Math.max(1, minCount) } } },
        { $addFields: { average: { $divide: ['$sum', '$count'] } } },
        { $sort: { average: -1, count: -1, _id: 1 } },
        { $limit: Math.min(Math.max(1, limit), 100) },
      ]);
      return rows.map((row) => ({ agent_id: row._id, count: row.count, sum: row.sum }));
    },
    async reply(id, answer) {
      const _id = objectIdOrNull(id);
      if (!_id) return null;
      return one(
        await reviews
          .findOneAndUpdate(
            { _id, reply: null },
            { $set: { reply: { body: answer.body, at: new Date(answer.at) } } },
            after,
          )
          .lean(),
      );
    },
    async report(id, { reason, at }) {
      const _id = objectIdOrNull(id);
      if (!_id || !(await reviews.exists({ _id }))) return null;
      const when = new Date(at);
      await reviewReports.insertMany([
        { review_id: String(_id), reason, created_at: when, resolved_at: null },
      ]);
      // The first open report's time stays; the pipeline update reads the document's own value.
      // An aggregation pipeline: typed loosely, as mongoose types only plain update documents.
      const update = [
        {
          $set: {
            open_reports: { $add: [{ $ifNull: ['$open_reports', 0] }, 1] },
            last_reported_at: when,
            first_open_report_at: { $ifNull: ['$first_open_report_at', when] },
          },
        },
      ];
      return one(
        await reviews
          .findOneAndUpdate({ _id }, update as unknown as mongo.UpdateFilter<ReviewDoc>, {
            ...after,
            updatePipeline: true,
          })
          .lean(),
      );
    },
    async moderate(id, { hidden, reason, at }) {
      const _id = objectIdOrNull(id);
      if (!_id) return null;
      const when = new Date(at);
      const doc = await reviews
        .findOneAndUpdate(
          { _id },
          {
            $set: {
              hidden,
              moderation_reason: reason,
              moderated_at: when,
              open_reports: 0,
              first_open_report_at: null,
            },
          },
          after,
        )
        .lean();
      if (doc)
        await reviewReports.updateMany(
          { review_id: String(_id), resolved_at: null },
          { $set: { resolved_at: when } },
        );
      return one(doc);
    },
    async listQueue(queue, options = {}) {
      const { limit, offset } = pageOf(options, REVIEW_LIST_MAX);
      if (limit === 0) return [];
      const { filter, sort } = QUEUES[queue];
      const docs = await reviews.find(filter).sort(sort).skip(offset).limit(limit).lean();
      return docs.map((doc) => toReview(doc as ReviewDoc));
    },
    async countQueue(queue) {
      return reviews.countDocuments(QUEUES[queue].filter);
    },
    async reportsOf(reviewId, limit) {
      const count = Math.max(0, Math.min(limit, REVIEW_LIST_MAX));
      if (count === 0) return [];
      const docs = await reviewReports
        .find({ review_id: { $eq: String(reviewId) } })
        .sort({ _id: -1 })
        .limit(count)
        .lean();
      return docs.map((doc) => ({
        id: String(doc._id),
        review_id: doc.review_id,
        reason: doc.reason,
        created_at: doc.created_at.toISOString(),
        resolved_at: isoOf(doc.resolved_at),
      }));
    },
  };
}
