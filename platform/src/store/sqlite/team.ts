import type Database from 'better-sqlite3';
import {
  type Invitation,
  type InvitationCreate,
  type Membership,
  type Organization,
  TEAM_LIST_MAX,
  TeamConflictError,
  type TeamRepository,
} from '../port';
import { isUniqueViolation } from './agent-rows';

// Teams in three tables (migration 15). Seats are counted and the row written in one write
// transaction, so two invitations or acceptances at the same instant cannot both take the last seat.

type OrganizationRow = Omit<Organization, 'id'> & { id: number };
type MemberRow = Omit<Membership, 'organization_id'> & { organization_id: number };
type InvitationRow = Omit<Invitation, 'id' | 'organization_id'> & { id: number; organization_id: number };

const numericId = (id: string) => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);
const toOrganization = (row: OrganizationRow): Organization => ({ ...row, id: String(row.id) });
const toMembership = (row: MemberRow): Membership => ({
  ...row,
  organization_id: String(row.organization_id),
});
const toInvitation = (row: InvitationRow): Invitation => ({
  ...row,
  id: String(row.id),
  organization_id: String(row.organization_id),
});
const INVITATION_COLUMNS = 'id, organization_id, email, invited_by, expires_at, created_at';

export function createSqliteTeams(db: Database.Database): TeamRepository {
  const byOwner = db.prepare('SELECT * FROM organizations WHERE owner_id = ?');
  const byId = db.prepare('SELECT * FROM organizations WHERE id = ?');
  const insertOrg = db.prepare(
    'INSERT INTO organizations (owner_id, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING *',
  );
  const renameOrg = db.prepare('UPDATE organizations SET name = ?, updated_at = ? WHERE id = ? RETURNING *');
  const memberOf = db.prepare('SELECT * FROM organization_members WHERE user_id = ?');
  const members = db.prepare(
    'SELECT * FROM organization_members WHERE organization_id = ? ORDER BY joined_at, user_id LIMIT ?',
  );
  const countMembers = db.prepare('SELECT COUNT(*) AS n FROM organization_members WHERE organization_id = ?');
  const countLive = db.prepare(
    'SELECT COUNT(*) AS n FROM organization_invitations WHERE organization_id = ? AND expires_at > ?',
  );
  const insertMember = db.prepare(
    'INSERT INTO organization_members (user_id, organization_id, joined_at) VALUES (?, ?, ?) RETURNING *',
  );
  const removeMember = db.prepare(
    'DELETE FROM organization_members WHERE organization_id = ? AND user_id = ?',
  );
  const liveFor = db.prepare(
    `SELECT ${INVITATION_COLUMNS} FROM organization_invitations
     WHERE organization_id = ? AND expires_at > ? ORDER BY id LIMIT ?`,
  );
  const liveForEmail = db.prepare(
    'SELECT 1 FROM organization_invitations WHERE organization_id = ? AND email = ? AND expires_at > ?',
  );
  const dropExpiredFor = db.prepare(
    'DELETE FROM organization_invitations WHERE organization_id = ? AND expires_at <= ?',
  );
  const insertInvitation = db.prepare(
    `INSERT INTO organization_invitations (organization_id, email, invited_by, token_hash, expires_at, created_at)
     VALUES (@organization_id, @email, @invited_by, @token_hash, @expires_at, @created_at)
     RETURNING ${INVITATION_COLUMNS}`,
  );
  const byHash = db.prepare(
    `SELECT ${INVITATION_COLUMNS} FROM organization_invitations WHERE token_hash = ? AND expires_at > ?`,
  );
  const deleteByHash = db.prepare(
    `DELETE FROM organization_invitations WHERE token_hash = ? RETURNING ${INVITATION_COLUMNS}`,
  );
  const revoke = db.prepare('DELETE FROM organization_invitations WHERE organization_id = ? AND id = ?');

  const placesTaken = (organizationId: number, now: string) =>
    (countMembers.get(organizationId) as { n: number }).n +
    (countLive.get(organizationId, now) as { n: number }).n;

  const saveTx = db.transaction((ownerId: string, name: string) => {
    const now = new Date().toISOString();
    const found = byOwner.get(ownerId) as OrganizationRow | undefined;
    return (
      found ? renameOrg.get(name, now, found.id) : insertOrg.get(ownerId, name, now, now)
    ) as OrganizationRow;
  });
  const addTx = db.transaction((organizationId: number, userId: string, seats: number, now: string) => {
    if (memberOf.get(userId) || byOwner.get(userId)) throw new TeamConflictError('member');
    if (placesTaken(organizationId, now) >= seats - 1) throw new TeamConflictError('full');
    return insertMember.get(userId, organizationId, now) as MemberRow;
  });
  const inviteTx = db.transaction(
    (input: InvitationCreate & { organization: number }, seats: number, now: string) => {
      dropExpiredFor.run(input.organization, now);
      if (liveForEmail.get(input.organization, input.email, now)) throw new TeamConflictError('invited');
      if (placesTaken(input.organization, now) >= seats - 1) throw new TeamConflictError('full');
      return insertInvitation.get({
        organization_id: input.organization,
        email: input.email,
        invited_by: input.invited_by,
        token_hash: input.token_hash,
        expires_at: input.expires_at.toISOString(),
        created_at: now,
      }) as InvitationRow;
    },
  );

  return {
    async saveOrganization(ownerId, name) {
      return toOrganization(saveTx.immediate(String(ownerId), name));
    },
    async getOrganization(id) {
      const numeric = numericId(id);
      const row = numeric === null ? undefined : (byId.get(numeric) as OrganizationRow | undefined);
      return row ? toOrganization(row) : null;
    },
    async findByOwner(ownerId) {
      const row = byOwner.get(String(ownerId)) as OrganizationRow | undefined;
      return row ? toOrganization(row) : null;
    },
    async membershipOf(userId) {
      const member = memberOf.get(String(userId)) as MemberRow | undefined;
      if (!member) return null;
      const organization = byId.get(member.organization_id) as OrganizationRow | undefined;
      return organization
        ? { organization: toOrganization(organization), membership: toMembership(member) }
        : null;
    },
    async listMembers(organizationId) {
      const numeric = numericId(organizationId);
      if (numeric === null) return [];
      return (members.all(numeric, TEAM_LIST_MAX) as MemberRow[]).map(toMembership);
    },
    async addMember({ organizationId, userId, seats, now = new Date() }) {
      const numeric = numericId(organizationId);
      if (numeric === null) throw new TeamConflictError('full');
      try {
        return toMembership(addTx.immediate(numeric, String(userId), seats, now.toISOString()));
      } catch (error) {
        if (isUniqueViolation(error)) throw new TeamConflictError('member');
        throw error;
      }
    },
    async removeMember(organizationId, userId) {
      const numeric = numericId(organizationId);
      return numeric === null ? false : removeMember.run(numeric, String(userId)).changes === 1;
    },
    async createInvitation(input, seats, now = new Date()) {
      const organization = numericId(input.organization_id);
      if (organization === null) throw new TeamConflictError('full');
      return toInvitation(inviteTx.immediate({ ...input, organization }, seats, now.toISOString()));
    },
    async listInvitations(organizationId, now = new Date()) {
      const numeric = numericId(organizationId);
      if (numeric === null) return [];
      return (liveFor.all(numeric, now.toISOString(), TEAM_LIST_MAX) as InvitationRow[]).map(toInvitation);
    },
    async findInvitation(tokenHash, now = new Date()) {
      const row = byHash.get(String(tokenHash), now.toISOString()) as InvitationRow | undefined;
      return row ? toInvitation(row) : null;
    },
    async consumeInvitation(tokenHash, now = new Date()) {
      // Deleted whether live or expired; answered only when it was live.
      const row = deleteByHash.get(String(tokenHash)) as InvitationRow | undefined;
      return row && row.expires_at > now.toISOString() ? toInvitation(row) : null;
    },
    async revokeInvitation(organizationId, id) {
      const organization = numericId(organizationId);
      const numeric = numericId(id);
      if (organization === null || numeric === null) return false;
      return revoke.run(organization, numeric).changes === 1;
    },
  };
}
