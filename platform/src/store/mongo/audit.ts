import type { QueryFilter } from 'mongoose';
import { pageOf } from '../page';
import { AUDIT_LIST_MAX, type AuditEntry, type AuditFilter, type AuditLog } from '../port';
import type { AuditDoc } from './account-models';
import type { MongoModels } from './models';

const toEntry = (doc: AuditDoc): AuditEntry => ({
  id: String(doc._id),
  at: doc.at.toISOString(),
  actor: doc.actor,
  action: doc.action as AuditEntry['action'],
  entity_type: doc.entity_type as AuditEntry['entity_type'],
  entity_id: doc.entity_id ?? null,
  entity_label: doc.entity_label,
  before: doc.before ?? null,
  after: doc.after ?? null,
});

/** Equality on the fields given; plain strings only (the route validated them), never operators. */
function filterOf(filter: AuditFilter): QueryFilter<AuditDoc> {
  const query: QueryFilter<AuditDoc> = {};
  for (const key of ['actor', 'action', 'entity_type', 'entity_id'] as const) {
    const value = filter[key];
    if (value !== undefined) query[key] = { $eq: String(value) };
  }
  return query;
}

export function createMongoAudit({ audit }: MongoModels): AuditLog {
  return {
    async record(entry) {
      const [doc] = await audit.insertMany([{ ...entry, at: entry.at ? new Date(entry.at) : new Date() }]);
      return toEntry(doc!.toObject() as AuditDoc);
    },
    async list(options = {}) {
      const { limit, offset } = pageOf(options, AUDIT_LIST_MAX);
      if (limit === 0) return [];
      // ObjectIds grow with time within one process and roughly across them: the insertion order.
      const docs = await audit.find(filterOf(options)).sort({ _id: -1 }).skip(offset).limit(limit).lean();
      return docs.map((doc) => toEntry(doc as AuditDoc));
    },
    async count(filter = {}) {
      return await audit.countDocuments(filterOf(filter));
    },
  };
}
