import type Database from 'better-sqlite3';
import { pageOf } from '../page';
import {
  REVIEW_LIST_MAX,
  type Review,
  type ReviewQueue,
  type ReviewReport,
  type ReviewRepository,
  type ReviewSummary,
  ReviewTakenError,
  type ReviewWrite,
} from '../port';
import { isUniqueViolation } from './agent-rows';
import { preparedOnce } from './prepared-once';

const COLUMNS = `id, agent_id, org_key, author_id, organization, rating, body, hidden, moderation_reason,
  moderated_at, reply_body, reply_at, open_reports, last_reported_at, created_at, updated_at`;

type Row = Omit<Review, 'id' | 'hidden' | 'reply'> & {
  id: number;
  hidden: number;
  reply_body: string | null;
  reply_at: string | null;
};

function toReview(row: Row): Review {
  const { reply_body, reply_at, ...rest } = row;
  return {
    ...rest,
    id: String(row.id),
    hidden: row.hidden === 1,
    reply: reply_body !== null && reply_at !== null ? { body: reply_body, at: reply_at } : null,
  };
}

const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

const QUEUES: Record<ReviewQueue, { where: string; order: string }> = {
  reported: { where: 'open_reports > 0', order: 'first_open_report_at, id' },
  hidden: { where: 'hidden = 1', order: 'moderated_at DESC, id DESC' },
};

export function createSqliteReviews(db: Database.Database): ReviewRepository {
  const prepared = preparedOnce(db);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE id = ?`);
  const byOrg = db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE agent_id = ? AND org_key = ?`);
  const insert = db.prepare(
    `INSERT INTO reviews (agent_id, org_key, author_id, organization, rating, body, created_at, updated_at)
     VALUES (@agent_id, @org_key, @author_id, @organization, @rating, @body, @now, @now) RETURNING ${COLUMNS}`,
  );
  const change = db.prepare(
    `UPDATE reviews SET rating = @rating, body = @body, organization = @organization, updated_at = @now
     WHERE id = @id RETURNING ${COLUMNS}`,
  );
  const reply = db.prepare(
    `UPDATE reviews SET reply_body = @body, reply_at = @at WHERE id = @id AND reply_body IS NULL RETURNING ${COLUMNS}`,
  );
  const addReport = db.prepare('INSERT INTO review_reports (review_id, reason, created_at) VALUES (?, ?, ?)');
  const countReport = db.prepare(
    `UPDATE reviews SET open_reports = open_reports + 1, last_reported_at = @at,
       first_open_report_at = coalesce(first_open_report_at, @at)
     WHERE id = @id RETURNING ${COLUMNS}`,
  );
  const moderate = db.prepare(
    `UPDATE reviews SET hidden = @hidden, moderation_reason = @reason, moderated_at = @at, open_reports = 0,
       first_open_report_at = NULL
     WHERE id = @id RETURNING ${COLUMNS}`,
  );
  const settleReports = db.prepare(
    'UPDATE review_reports SET resolved_at = ? WHERE review_id = ? AND resolved_at IS NULL',
  );

  // Looked up and written in one write transaction: the author's own review changes, a colleague's stays.
  const writeTx = db.transaction((input: ReviewWrite) => {
    const now = new Date().toISOString();
    const existing = byOrg.get(input.agent_id, input.org_key) as Row | undefined;
    if (!existing) return { row: insert.get({ ...input, now }) as Row, created: true };
    if (existing.author_id !== input.author_id) throw new ReviewTakenError();
    return { row: change.get({ ...input, id: existing.id, now }) as Row, created: false };
  });
  const reportTx = db.transaction((id: number, reason: string, at: string) => {
    if (!byId.get(id)) return undefined;
    addReport.run(String(id), reason, at);
    return countReport.get({ id, at }) as Row;
  });
  const moderateTx = db.transaction((id: number, hidden: boolean, reason: string, at: string) => {
    const row = moderate.get({ id, hidden: hidden ? 1 : 0, reason, at }) as Row | undefined;
    if (row) settleReports.run(at, String(id));
    return row;
  });

  return {
    async write(input) {
      try {
        const { row, created } = writeTx.immediate(input);
        return { review: toReview(row), created };
      } catch (error) {
        // Another process inserted the organisation's review between our read and our insert.
        if (isUniqueViolation(error)) throw new ReviewTakenError();
        throw error;
      }
    },
    async get(id) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : (byId.get(numeric) as Row | undefined);
      return row ? toReview(row) : null;
    },
    async findByOrganisation(agentId, orgKey) {
      const row = byOrg.get(String(agentId), orgKey) as Row | undefined;
      return row ? toReview(row) : null;
    },
    async listForAgent(agentId, options = {}) {
      const { limit, offset } = pageOf(options, REVIEW_LIST_MAX);
      return (
        db
          .prepare(
            `SELECT ${COLUMNS} FROM reviews WHERE agent_id = ? AND hidden = 0 ORDER BY id DESC LIMIT ? OFFSET ?`,
          )
          .all(String(agentId), limit, offset) as Row[]
      ).map(toReview);
    },
    async countForAgent(agentId) {
      return (
        db
          .prepare('SELECT COUNT(*) AS n FROM reviews WHERE agent_id = ? AND hidden = 0')
          .get(String(agentId)) as {
          n: number;
        }
      ).n;
    },
    async summaries(agentIds) {
      const ids = [...new Set(agentIds.map(String))].slice(0, 1000);
      if (ids.length === 0) return [];
      return prepared(
        `SELECT agent_id, COUNT(*) AS count, SUM(rating) AS sum FROM reviews
           WHERE hidden = 0 AND agent_id IN (SELECT value FROM json_each(?)) GROUP BY agent_id`,
      ).all(JSON.stringify(ids)) as Array<{ agent_id: string; count: number; sum: number }>;
    },
    async topRated(minCount, limit) {
      return db
        .prepare(
          `SELECT agent_id, COUNT(*) AS count, SUM(rating) AS sum FROM reviews WHERE hidden = 0
           GROUP BY agent_id HAVING COUNT(*) >= ?
           ORDER BY CAST(SUM(rating) AS REAL) / COUNT(*) DESC, COUNT(*) DESC, agent_id LIMIT ?`,
        )
        .all(Math.max(1, minCount), Math.min(Math.max(0, limit), 100)) as ReviewSummary[];
    },
    async reply(id, answer) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : (reply.get({ ...answer, id: numeric }) as Row | undefined);
      return row ? toReview(row) : null;
    },
    async report(id, { reason, at }) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : reportTx(numeric, reason, at);
      return row ? toReview(row) : null;
    },
    async moderate(id, { hidden, reason, at }) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : moderateTx(numeric, hidden, reason, at);
      return row ? toReview(row) : null;
    },
    async listQueue(queue, options = {}) {
      const { limit, offset } = pageOf(options, REVIEW_LIST_MAX);
      const { where, order } = QUEUES[queue];
      return (
        db
          .prepare(`SELECT ${COLUMNS} FROM reviews WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
          .all(limit, offset) as Row[]
      ).map(toReview);
    },
    async countQueue(queue) {
      return (
        db.prepare(`SELECT COUNT(*) AS n FROM reviews WHERE ${QUEUES[queue].where}`).get() as { n: number }
      ).n;
    },
    async reportsOf(reviewId, limit) {
      const rows = db
        .prepare(
          'SELECT id, review_id, reason, created_at, resolved_at FROM review_reports WHERE review_id = ? ORDER BY id DESC LIMIT ?',
        )
        .all(String(reviewId), Math.max(0, Math.min(limit, REVIEW_LIST_MAX))) as Array<
        Omit<ReviewReport, 'id'> & { id: number }
      >;
      return rows.map((row) => ({ ...row, id: String(row.id) }));
    },
  };
}
