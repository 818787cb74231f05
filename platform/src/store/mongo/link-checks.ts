import type { QueryFilter } from 'mongoose';
import { pageOf } from '../page';
import { LINK_CHECK_LIST_MAX, type LinkCheckRecord, type LinkCheckRepository } from '../port';
import type { MongoModels } from './models';
import { dateOf, isoOf, type LinkCheckDoc } from './trust-models';

const toRecord = (doc: LinkCheckDoc): LinkCheckRecord => ({
  agent_id: doc._id,
  url: doc.url,
  state: doc.state,
  state_since: isoOf(doc.state_since),
  outcome: doc.outcome,
  http_status: doc.http_status ?? null,
  final_url: doc.final_url ?? null,
  detail: doc.detail ?? null,
  checked_at: doc.checked_at.toISOString(),
  failures: doc.failures ?? 0,
  first_failure_at: isoOf(doc.first_failure_at),
  notified_at: isoOf(doc.notified_at),
  retry_at: isoOf(doc.retry_at),
});

function toDoc(record: LinkCheckRecord): LinkCheckDoc {
  const doc: LinkCheckDoc = {
    _id: String(record.agent_id),
    url: record.url,
    state: record.state,
    state_since: dateOf(record.state_since),
    outcome: record.outcome,
    http_status: record.http_status,
    final_url: record.final_url,
    detail: record.detail,
    checked_at: new Date(record.checked_at),
    failures: record.failures,
    first_failure_at: dateOf(record.first_failure_at),
    notified_at: dateOf(record.notified_at),
  };
  // Absent rather than null, so the partial retry index holds due retries only.
  if (record.retry_at) doc.retry_at = new Date(record.retry_at);
  return doc;
}

export function createMongoLinkChecks({ linkChecks }: MongoModels): LinkCheckRepository {
  const filter = (options: { state: string; downSince?: Date }): QueryFilter<LinkCheckDoc> => ({
    state: { $eq: options.state as LinkCheckDoc['state'] },
    ...(options.downSince ? { state_since: { $lte: options.downSince } } : {}),
  });
  return {
    async get(agentId) {
      const doc = await linkChecks.findById(String(agentId)).lean();
      return doc ? toRecord(doc as LinkCheckDoc) : null;
    },
    async getMany(agentIds) {
      const ids = [...new Set(agentIds.map(String))].slice(0, 1000);
      if (ids.length === 0) return [];
      const docs = await linkChecks.find({ _id: { $in: ids } }).lean();
      return docs.map((doc) => toRecord(doc as LinkCheckDoc));
    },
    async saveMany(records) {
      if (records.length === 0) return;
      // replaceOne: a record is whole each time (a retry_at left out is removed).
      await linkChecks.bulkWrite(
        records.map((record) => {
          const doc = toDoc(record);
          return { replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } };
        }),
        { ordered: false },
      );
    },
    async listRetries(now, limit) {
      if (limit <= 0) return [];
      const docs = await linkChecks
        .find({ retry_at: { $type: 'date', $lte: now } })
        .sort({ retry_at: 1 })
        .limit(limit)
        .lean();
      return docs.map((doc) => toRecord(doc as LinkCheckDoc));
    },
    async list(options) {
      const { limit, offset } = pageOf(options, LINK_CHECK_LIST_MAX);
      if (limit === 0) return [];
      const docs = await linkChecks
        .find(filter(options))
        .sort({ state_since: 1, _id: 1 })
        .skip(offset)
        .limit(limit)
        .lean();
      return docs.map((doc) => toRecord(doc as LinkCheckDoc));
    },
    async count(options) {
      return linkChecks.countDocuments(filter(options));
    },
  };
}
