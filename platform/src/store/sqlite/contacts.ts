import type Database from 'better-sqlite3';
import { pageOf } from '../page';
import {
  CONTACT_LIST_MAX,
  type ContactInbox,
  type ContactRequest,
  type ContactRequestRepository,
  ContactThrottledError,
  type ContactTiming,
} from '../port';
import { preparedOnce } from './prepared-once';

type ContactRow = Omit<ContactRequest, 'id' | 'replies'> & { id: number; replies: string };

const toRequest = (row: ContactRow): ContactRequest => ({
  ...row,
  id: String(row.id),
  replies: JSON.parse(row.replies) as ContactRequest['replies'],
});
/** An employer's answer puts the request back in the provider's new requests; theirs marks it replied. */
const statusAfter = (reply: ContactRequest['replies'][number]) =>
  reply.by === 'employer' ? 'new' : 'replied';
const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

/** The WHERE clause of an inbox, with an optional status. */
function inboxWhere(inbox: ContactInbox, status?: string) {
  const clauses: string[] = [];
  const params: Record<string, string> = {};
  if ('providerId' in inbox) {
    clauses.push('provider_id = @who');
    params.who = inbox.providerId;
  } else if ('employerId' in inbox) {
    clauses.push('employer_id = @who');
    params.who = inbox.employerId;
  } else {
    clauses.push('provider_id IS NULL');
  }
  if (status !== undefined) {
    clauses.push('status = @status');
    params.status = status;
  }
  return { sql: `WHERE ${clauses.join(' AND ')}`, params };
}

const INSERTED = [
  'agent_id',
  'agent_name',
  'employer_id',
  'provider_id',
  'kind',
  'message',
  'preferred_times',
  'company',
  'contact_name',
  'contact_email',
  'contact_phone',
] as const;

export function createSqliteContacts(db: Database.Database): ContactRequestRepository {
  const prepared = preparedOnce(db);
  const insert = db.prepare(
    `INSERT INTO contact_requests (${INSERTED.join(', ')}, status, replies, created_at, updated_at)
     VALUES (${INSERTED.map((field) => `@${field}`).join(', ')}, 'new', '[]', @now, @now)`,
  );
  const byId = db.prepare('SELECT * FROM contact_requests WHERE id = ?');
  const setStatus = db.prepare('UPDATE contact_requests SET status = ?, updated_at = ? WHERE id = ?');
  const setReplies = db.prepare(
    'UPDATE contact_requests SET replies = ?, status = ?, updated_at = ? WHERE id = ?',
  );
  const sentSince = db.prepare(
    'SELECT COUNT(*) AS n FROM contact_requests WHERE employer_id = ? AND created_at >= ?',
  );
  const sameAgentSince = db.prepare(
    'SELECT 1 FROM contact_requests WHERE employer_id = ? AND agent_id = ? AND created_at >= ? LIMIT 1',
  );
  const setOutcome = db.prepare(
    'UPDATE contact_requests SET outcome = ?, outcome_at = ?, updated_at = ? WHERE id = ? AND employer_id = ?',
  );
  const timings = db.prepare(
    `SELECT employer_id, created_at,
       (SELECT json_extract(value, '$.at') FROM json_each(replies)
        WHERE json_extract(value, '$.by') != 'employer' ORDER BY key LIMIT 1) AS first_reply_at
     FROM contact_requests WHERE provider_id = ? AND kind != 'ownership' ORDER BY id DESC LIMIT ?`,
  );
  const find = (id: string) => {
    const numeric = numericId(id);
    const row = numeric === null ? undefined : (byId.get(numeric) as ContactRow | undefined);
    return row ? toRequest(row) : null;
  };
  const replyTx = db.transaction((id: number, reply: ContactRequest['replies'][number]) => {
    const row = byId.get(id) as ContactRow | undefined;
    if (!row) return false;
    const replies = [...(JSON.parse(row.replies) as ContactRequest['replies']), reply];
    setReplies.run(JSON.stringify(replies), statusAfter(reply), new Date().toISOString(), id);
    return true;
  });

  return {
    async create(input, limits) {
      const values = Object.fromEntries(INSERTED.map((field) => [field, input[field] ?? null]));
      // IMMEDIATE: the write lock is taken before the check, so two processes cannot both pass it.
      const id = db
        .transaction(() => {
          if (limits) {
            if (
              (sentSince.get(input.employer_id, limits.since.toISOString()) as { n: number }).n >= limits.max
            )
              throw new ContactThrottledError('too_many');
            if (sameAgentSince.get(input.employer_id, input.agent_id, limits.sameAgentSince.toISOString()))
              throw new ContactThrottledError('same_agent');
          }
          return insert.run({ ...values, now: new Date().toISOString() }).lastInsertRowid;
        })
        .immediate();
      return find(String(id))!;
    },
    async get(id) {
      return find(id);
    },
    async list(inbox, options = {}) {
      const { limit, offset } = pageOf(options, CONTACT_LIST_MAX);
      const { sql, params } = inboxWhere(inbox, options.status);
      const rows = prepared(
        `SELECT * FROM contact_requests ${sql} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
      ).all({ ...params, limit, offset }) as ContactRow[];
      return rows.map(toRequest);
    },
    async count(inbox, options = {}) {
      const { sql, params } = inboxWhere(inbox, options.status);
      return (prepared(`SELECT COUNT(*) AS n FROM contact_requests ${sql}`).get(params) as { n: number }).n;
    },
    async setStatus(id, status) {
      const numeric = numericId(id);
      if (numeric === null) return null;
      setStatus.run(status, new Date().toISOString(), numeric);
      return find(id);
    },
    async addReply(id, reply) {
      const numeric = numericId(id);
      if (numeric === null || !replyTx(numeric, reply)) return null;
      return find(id);
    },
    async countSentSince(employerId, since) {
      return (sentSince.get(employerId, since.toISOString()) as { n: number }).n;
    },
    async setOutcome(id, employerId, outcome) {
      const numeric = numericId(id);
      if (numeric === null) return null;
      const now = new Date().toISOString();
      const { changes } = setOutcome.run(
        outcome,
        outcome === null ? null : now,
        now,
        numeric,
        String(employerId),
      );
      return changes === 1 ? find(id) : null;
    },
    async timings(providerId, limit) {
      const bounded = Math.max(0, Math.min(Math.trunc(limit), CONTACT_LIST_MAX));
      return timings.all(String(providerId), bounded) as ContactTiming[];
    },
  };
}
