import type Database from 'better-sqlite3';
import { pageOf } from '../page';
import { CLAIM_LIST_MAX, type ListingClaim, type ListingClaimRepository } from '../port';

const COLUMNS =
  'id, agent_id, agent_name, domain, from_owner_id, to_owner_id, created_at, reversed_at, reversed_by, reverse_reason';
type Row = Omit<ListingClaim, 'id'> & { id: number };
const toClaim = (row: Row): ListingClaim => ({ ...row, id: String(row.id) });
const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

export function createSqliteListingClaims(db: Database.Database): ListingClaimRepository {
  // The owner changes only if it is still the one the claim was decided on (compare and set).
  const moveOwner = db.prepare(
    `UPDATE agents SET owner_id = @to, updated_at = @now
     WHERE id = @id AND owner_id IS @from RETURNING id, removed`,
  );
  const recordChange = db.prepare('INSERT INTO agent_changes (agent_id, op, at) VALUES (?, ?, ?)');
  const insert = db.prepare(
    `INSERT INTO listing_claims (agent_id, agent_name, domain, from_owner_id, to_owner_id, created_at)
     VALUES (@agent_id, @agent_name, @domain, @from_owner_id, @to_owner_id, @now) RETURNING ${COLUMNS}`,
  );
  const byId = db.prepare(`SELECT ${COLUMNS} FROM listing_claims WHERE id = ?`);
  const markReversed = db.prepare(
    `UPDATE listing_claims SET reversed_at = @at, reversed_by = @by, reverse_reason = @reason
     WHERE id = @id AND reversed_at IS NULL RETURNING ${COLUMNS}`,
  );

  const move = (agentId: string, from: string | null, to: string | null, now: string) => {
    const numeric = numericId(agentId);
    if (numeric === null) return false;
    const moved = moveOwner.get({ id: numeric, from, to, now }) as
      | { id: number; removed: number }
      | undefined;
    if (!moved) return false;
    recordChange.run(String(moved.id), moved.removed === 1 ? 'delete' : 'upsert', now);
    return true;
  };

  const claimTx = db.transaction((input: Parameters<ListingClaimRepository['claim']>[0]) => {
    const now = new Date().toISOString();
    if (!move(input.agent_id, input.from_owner_id, input.to_owner_id, now)) return undefined;
    return insert.get({ ...input, now }) as Row;
  });
  const reverseTx = db.transaction((id: number, input: { by: string; reason: string; at: string }) => {
    const claim = byId.get(id) as Row | undefined;
    if (!claim || claim.reversed_at !== null) return undefined;
    if (!move(claim.agent_id, claim.to_owner_id, claim.from_owner_id, input.at)) return undefined;
    return markReversed.get({ ...input, id }) as Row;
  });

  return {
    async claim(input) {
      const row = claimTx.immediate(input);
      return row ? toClaim(row) : null;
    },
    async reverse(id, input) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : reverseTx.immediate(numeric, input);
      return row ? toClaim(row) : null;
    },
    async get(id) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : (byId.get(numeric) as Row | undefined);
      return row ? toClaim(row) : null;
    },
    async list(options = {}) {
      const { limit, offset } = pageOf(options, CLAIM_LIST_MAX);
      return (
        db
          .prepare(`SELECT ${COLUMNS} FROM listing_claims ORDER BY id DESC LIMIT ? OFFSET ?`)
          .all(limit, offset) as Row[]
      ).map(toClaim);
    },
    async count() {
      return (db.prepare('SELECT COUNT(*) AS n FROM listing_claims').get() as { n: number }).n;
    },
  };
}
