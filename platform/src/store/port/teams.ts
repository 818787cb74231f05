// The store's part for employer teams (issue 28): an organisation run by the subscriber who pays,
// its members, and the invitations waiting. Both adapters implement it; the contract
// (contract/teams.ts) holds them to it. A user belongs to at most one organisation, as its owner or
// as a member; the shared records (shortlists, requests, saved searches) are kept under the
// owner's user id, so a team's work is the subscriber's, and stays when a member goes.

import { TEAM_SEATS } from '@agentry/domain/team';

export { TEAM_SEATS };

export interface Organization {
  id: string;
  /** The subscriber who pays for the plan and runs the team. */
  owner_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface Membership {
  organization_id: string;
  user_id: string;
  joined_at: string;
}

export interface Invitation {
  id: string;
  organization_id: string;
  /** Stored trimmed and lower-cased. */
  email: string;
  /** The user who sent it. */
  invited_by: string;
  expires_at: string;
  created_at: string;
}

export interface InvitationCreate {
  organization_id: string;
  email: string;
  invited_by: string;
  /** The SHA-256 of the link's secret; the secret itself is never stored. */
  token_hash: string;
  expires_at: Date;
}

/** The most members (owner apart) and invitations one organisation holds: every list is bounded by it. */
export const TEAM_LIST_MAX = TEAM_SEATS;

export interface TeamRepository {
  /** Names the owner's organisation, or renames it: one per owner (the commands check the owner is nobody's member). */
  saveOrganization(ownerId: string, name: string): Promise<Organization>;
  getOrganization(id: string): Promise<Organization | null>;
  findByOwner(ownerId: string): Promise<Organization | null>;
  /** The organisation the user is a member of (not the one they own), with when they joined. */
  membershipOf(userId: string): Promise<{ organization: Organization; membership: Membership } | null>;
  /** Members, owner apart, oldest first; at most TEAM_LIST_MAX. */
  listMembers(organizationId: string): Promise<Membership[]>;
  /**
   * Makes the user a member, atomically within the seats: throws TeamConflictError('full') when
   * members and live invitations already fill the `seats - 1` places beside the owner (an
   * accepted invitation is used up first, so its place is free), ('member') when the user belongs
   * to an organisation already (as a member, or as the owner of one).
   */
  addMember(input: {
    organizationId: string;
    userId: string;
    seats: number;
    now?: Date;
  }): Promise<Membership>;
  /** False when the user was no member of it. */
  removeMember(organizationId: string, userId: string): Promise<boolean>;
  /**
   * Stores an invitation, atomically within the seats (members and live invitations fill at most
   * `seats - 1` places: TeamConflictError('full')); one live invitation per address and
   * organisation (TeamConflictError('invited')).
   */
  createInvitation(input: InvitationCreate, seats: number, now?: Date): Promise<Invitation>;
  /** Live (unexpired) invitations, oldest first, at most TEAM_LIST_MAX. */
  listInvitations(organizationId: string, now?: Date): Promise<Invitation[]>;
  /** The live invitation with this hash, without using it up (the link's page reads it). */
  findInvitation(tokenHash: string, now?: Date): Promise<Invitation | null>;
  /** Uses the invitation up: atomically deletes and answers it; null when unknown, used or expired. */
  consumeInvitation(tokenHash: string, now?: Date): Promise<Invitation | null>;
  /** Cancels an invitation of this organisation; false when it has none of this id. */
  revokeInvitation(organizationId: string, id: string): Promise<boolean>;
}

export class TeamConflictError extends Error {
  constructor(readonly reason: 'full' | 'member' | 'invited') {
    super(
      reason === 'full'
        ? 'the seats are taken'
        : reason === 'member'
          ? 'the user belongs to an organization already'
          : 'an invitation to this address is waiting',
    );
    this.name = 'TeamConflictError';
  }
}
