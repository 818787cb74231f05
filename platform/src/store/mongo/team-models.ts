import { type Connection, type Model, Schema, type Types } from 'mongoose';

// Employer teams (issue 28) as MongoDB keeps them: times as dates, mapped to ISO strings by team.ts.

const options = { versionKey: false, id: false } as const;

export interface OrganizationDoc {
  _id: Types.ObjectId;
  owner_id: string;
  name: string;
  /** Written first by every seat-taking transaction, so two at once conflict (team.ts). */
  seat_lock: number;
  created_at: Date;
  updated_at: Date;
}

/** One document per member, keyed by the user's id: a user is a member of one organisation at most. */
export interface OrganizationMemberDoc {
  _id: string;
  organization_id: string;
  joined_at: Date;
}

export interface OrganizationInvitationDoc {
  _id: Types.ObjectId;
  organization_id: string;
  email: string;
  invited_by: string;
  token_hash: string;
  expires_at: Date;
  created_at: Date;
}

const organizationSchema = new Schema<OrganizationDoc>(
  {
    owner_id: String,
    name: String,
    seat_lock: { type: Number, default: 0 },
    created_at: Date,
    updated_at: Date,
  },
  options,
);
organizationSchema.index({ owner_id: 1 }, { unique: true });

const memberSchema = new Schema<OrganizationMemberDoc>(
  { _id: String, organization_id: String, joined_at: Date },
  options,
);
memberSchema.index({ organization_id: 1, joined_at: 1 });

const invitationSchema = new Schema<OrganizationInvitationDoc>(
  {
    organization_id: String,
    email: String,
    invited_by: String,
    token_hash: String,
    expires_at: Date,
    created_at: Date,
  },
  options,
);
invitationSchema.index({ token_hash: 1 }, { unique: true });
invitationSchema.index({ organization_id: 1, email: 1, expires_at: 1 });

export interface TeamModels {
  organizations: Model<OrganizationDoc>;
  organizationMembers: Model<OrganizationMemberDoc>;
  organizationInvitations: Model<OrganizationInvitationDoc>;
}

export function registerTeamModels(conn: Connection): TeamModels {
  return {
    organizations: conn.model<OrganizationDoc>('Organization', organizationSchema, 'organizations'),
    organizationMembers: conn.model<OrganizationMemberDoc>(
      'OrganizationMember',
      memberSchema,
      'organization_members',
    ),
    organizationInvitations: conn.model<OrganizationInvitationDoc>(
      'OrganizationInvitation',
      invitationSchema,
      'organization_invitations',
    ),
  };
}
