import type { ClientSession, Connection } from 'mongoose';
import {
  type Invitation,
  type Membership,
  type Organization,
  TEAM_LIST_MAX,
  TeamConflictError,
  type TeamRepository,
} from '../port';
import { isDuplicateKey, type MongoModels, objectIdOrNull } from './models';
import type { OrganizationDoc, OrganizationInvitationDoc, OrganizationMemberDoc } from './team-models';

// Teams in three collections (team-models.ts). Taking a seat (an invitation, an acceptance) runs in
// a transaction that first writes the organisation's own document (seat_lock): two at once then
// meet a write conflict, MongoDB aborts one and the driver runs it again, when its count sees the
// other's insert (the same pattern as contacts.ts' throttle). Ids and hashes are compared with $eq,
// so no operator object slips into a filter.

const toOrganization = (doc: OrganizationDoc): Organization => ({
  id: String(doc._id),
  owner_id: doc.owner_id,
  name: doc.name,
  created_at: doc.created_at.toISOString(),
  updated_at: doc.updated_at.toISOString(),
});
const toMembership = (doc: OrganizationMemberDoc): Membership => ({
  organization_id: doc.organization_id,
  user_id: doc._id,
  joined_at: doc.joined_at.toISOString(),
});
const toInvitation = (doc: OrganizationInvitationDoc): Invitation => ({
  id: String(doc._id),
  organization_id: doc.organization_id,
  email: doc.email,
  invited_by: doc.invited_by,
  expires_at: doc.expires_at.toISOString(),
  created_at: doc.created_at.toISOString(),
});
const eq = (value: string) => ({ $eq: String(value) });

export function createMongoTeams(conn: Connection, models: MongoModels): TeamRepository {
  const { organizations, organizationMembers: members, organizationInvitations: invitations } = models;

  /** Locks the organisation's seats for this transaction; false when it does not exist. */
  const lockSeats = async (organizationId: string, session: ClientSession) => {
    const _id = objectIdOrNull(organizationId);
    if (_id === null) return false;
    const locked = await organizations.updateOne({ _id }, { $inc: { seat_lock: 1 } }, { session });
    return locked.matchedCount === 1;
  };
  const placesTaken = async (organizationId: string, now: Date, session: ClientSession) =>
    (await members.countDocuments({ organization_id: eq(organizationId) }).session(session)) +
    (await invitations
      .countDocuments({ organization_id: eq(organizationId), expires_at: { $gt: now } })
      .session(session));

  return {
    async saveOrganization(ownerId, name) {
      const now = new Date();
      try {
        const doc = await organizations
          .findOneAndUpdate(
            { owner_id: eq(ownerId) },
            {
              $set: { name, updated_at: now },
              $setOnInsert: { owner_id: String(ownerId), seat_lock: 0, created_at: now },
            },
            { upsert: true, returnDocument: 'after' },
          )
          .lean<OrganizationDoc>();
        return toOrganization(doc!);
      } catch (error) {
        // Two first namings at once: the unique owner index lets one insert; the other reads it.
        if (!isDuplicateKey(error, 'owner_id')) throw error;
        const doc = await organizations
          .findOneAndUpdate(
            { owner_id: eq(ownerId) },
            { $set: { name, updated_at: now } },
            { returnDocument: 'after' },
          )
          .lean<OrganizationDoc>();
        return toOrganization(doc!);
      }
    },
    async getOrganization(id) {
      const _id = objectIdOrNull(id);
      const doc = _id === null ? null : await organizations.findById(_id).lean<OrganizationDoc>();
      return doc ? toOrganization(doc) : null;
    },
    async findByOwner(ownerId) {
      const doc = await organizations.findOne({ owner_id: eq(ownerId) }).lean<OrganizationDoc>();
      return doc ? toOrganization(doc) : null;
    },
    async membershipOf(userId) {
      const member = await members.findById(String(userId)).lean<OrganizationMemberDoc>();
      if (!member) return null;
      const organization = await this.getOrganization(member.organization_id);
      return organization ? { organization, membership: toMembership(member) } : null;
    },
    async listMembers(organizationId) {
      const docs = await members
        .find({ organization_id: eq(organizationId) })
        .sort({ joined_at: 1, _id: 1 })
        .limit(TEAM_LIST_MAX)
        .lean<OrganizationMemberDoc[]>();
      return docs.map(toMembership);
    },
    async addMember({ organizationId, userId, seats, now = new Date() }) {
      try {
        return await conn.transaction(async (session) => {
          if (!(await lockSeats(organizationId, session))) throw new TeamConflictError('full');
          const owns = await organizations.exists({ owner_id: eq(userId) }).session(session);
          const member = await members.exists({ _id: eq(userId) }).session(session);
          if (owns || member) throw new TeamConflictError('member');
          if ((await placesTaken(organizationId, now, session)) >= seats - 1)
            throw new TeamConflictError('full');
          const [doc] = await members.insertMany(
            [{ _id: String(userId), organization_id: String(organizationId), joined_at: now }],
            { session },
          );
          return toMembership(doc!.toObject() as OrganizationMemberDoc);
        });
      } catch (error) {
        // The unique _id: the user joined another organisation at the same instant.
        if (isDuplicateKey(error, '_id')) throw new TeamConflictError('member');
        throw error;
      }
    },
    async removeMember(organizationId, userId) {
      const removed = await members.deleteOne({ _id: eq(userId), organization_id: eq(organizationId) });
      return removed.deletedCount === 1;
    },
    async createInvitation(input, seats, now = new Date()) {
      return conn.transaction(async (session) => {
        if (!(await lockSeats(input.organization_id, session))) throw new TeamConflictError('full');
        const organization = eq(input.organization_id);
        await invitations.deleteMany(
          { organization_id: organization, expires_at: { $lte: now } },
          { session },
        );
        const waiting = await invitations
          .exists({ organization_id: organization, email: eq(input.email), expires_at: { $gt: now } })
          .session(session);
        if (waiting) throw new TeamConflictError('invited');
        if ((await placesTaken(input.organization_id, now, session)) >= seats - 1)
          throw new TeamConflictError('full');
        const [doc] = await invitations.insertMany(
          [
            {
              organization_id: String(input.organization_id),
              email: String(input.email),
              invited_by: String(input.invited_by),
              token_hash: String(input.token_hash),
              expires_at: input.expires_at,
              created_at: now,
            },
          ],
          { session },
        );
        return toInvitation(doc!.toObject() as OrganizationInvitationDoc);
      });
    },
    async listInvitations(organizationId, now = new Date()) {
      const docs = await invitations
        .find({ organization_id: eq(organizationId), expires_at: { $gt: now } })
        .sort({ _id: 1 })
        .limit(TEAM_LIST_MAX)
        .lean<OrganizationInvitationDoc[]>();
      return docs.map(toInvitation);
    },
    async findInvitation(tokenHash, now = new Date()) {
      const doc = await invitations
        .findOne({ token_hash: eq(tokenHash), expires_at: { $gt: now } })
        .lean<OrganizationInvitationDoc>();
      return doc ? toInvitation(doc) : null;
    },
    async consumeInvitation(tokenHash, now = new Date()) {
      // Deleted whether live or expired (one atomic findOneAndDelete); answered only when live.
      const doc = await invitations
        .findOneAndDelete({ token_hash: eq(tokenHash) })
        .lean<OrganizationInvitationDoc>();
      return doc && doc.expires_at > now ? toInvitation(doc) : null;
    },
    async revokeInvitation(organizationId, id) {
      const _id = objectIdOrNull(id);
      if (_id === null) return false;
      const removed = await invitations.deleteOne({ _id, organization_id: eq(organizationId) });
      return removed.deletedCount === 1;
    },
  };
}
