import { z } from 'zod';
import { AGENT_FIELDS } from '../agent';
import { MAX_LENGTHS, PASSWORD_MAX_LENGTH } from '../input-lengths';
import { TEAM_ROLES } from '../team';
import { OwnAgent } from './agents';
import { fieldsShape, recordId, strictBody, timestamp } from './shapes';

// Accounts: signing in and out, e-mail links (server/src/routes/api/auth/), and the signed-in
// account's own resources, creation, profile, agents (server/src/routes/api/users/). The account
// rules themselves (required fields, password policy, phone) run in the commands with
// domain/account-rules, as on the client.

const text = (max: number) => z.string().max(max);

export const USER_TYPES = ['agent_provider', 'employer'] as const;
export const UserType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserType>;

/** What a signed-in user learns about their own account: no hash or payment id. */
export const User = z
  .strictObject({
    id: z.string(),
    email: z.string().meta({ format: 'email' }),
    full_name: z.string(),
    organization: z.string(),
    phone: z.string().nullable(),
    user_type: UserType,
    subscription_status: z.string().meta({ description: '`active`, or anything else for inactive.' }),
    email_verified: z.boolean().meta({ description: 'Whether a link sent to the address was opened.' }),
    slug: z.string().nullable().meta({
      description: 'The provider page’s address (`/providers/{slug}`); null for employers.',
    }),
    website: z.string().nullable().meta({ description: 'The provider’s own site (http or https).' }),
    created_at: timestamp,
  })
  .meta({ description: 'What a signed-in user learns about their own account.' });
export type User = z.infer<typeof User>;

/** A sign-in, an account creation: the user and the new session's CSRF token. */
export const SignedIn = z.strictObject({
  success: z.literal(true),
  user: User,
  user_type: UserType,
  csrf_token: z.string().meta({ description: 'The new session’s CSRF token.' }),
});
export type SignedIn = z.infer<typeof SignedIn>;

/**
 * The employer's team as GET /api/auth/me tells it (issue 28): the organization, their place in it,
 * and whether the team's plan (the subscriber's) is active: a member's tools follow it, not their own.
 */
export const MeTeam = z.strictObject({
  organization: z.string(),
  role: z.enum(TEAM_ROLES),
  plan_active: z.boolean(),
});
export type MeTeam = z.infer<typeof MeTeam>;

/** GET /api/auth/me */
export const Me = z.union([
  z.strictObject({
    success: z.literal(true),
    user: User,
    user_type: UserType,
    /** An employer's team; null without one (absent for providers). */
    team: MeTeam.nullable().optional(),
  }),
  z.strictObject({ success: z.literal(false), user: z.null() }),
]);
export type Me = z.infer<typeof Me>;

/** GET /api/csrf-token: the token state-changing calls echo in X-CSRF-Token (both screens' readings). */
export const CsrfToken = z.strictObject({
  success: z.literal(true),
  csrf_token: z.string(),
  csrfToken: z.string(),
});
export type CsrfToken = z.infer<typeof CsrfToken>;

export const LoginBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(MAX_LENGTHS.email),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const ForgotPasswordBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(MAX_LENGTHS.email),
});

/** Tokens are checked for shape by the command; the schema only bounds what is read. */
const token = z.string().trim().min(1, 'This link is incomplete').max(200);

export const ResetPasswordBody = z.object({
  token,
  password: z.string().max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

export const VerifyEmailBody = z.object({ token });

export const VerifyEmailAnswer = z.strictObject({
  success: z.literal(true),
  /** How many agents waiting under the address were given to the account. */
  claimed: z.number().int().min(0),
  message: z.string(),
});
export type VerifyEmailAnswer = z.infer<typeof VerifyEmailAnswer>;

/** POST /api/auth/resend-verification: sent, or (503) not now. */
export const ResendVerificationAnswer = z.strictObject({ success: z.boolean(), message: z.string() });
export type ResendVerificationAnswer = z.infer<typeof ResendVerificationAnswer>;

/** POST /api/users: a provider's account setup or an employer's signup. */
export const CreateUserBody = z.object({
  email: text(MAX_LENGTHS.email * 2),
  password: text(PASSWORD_MAX_LENGTH),
  full_name: text(200),
  organization: text(200),
  phone: text(64).optional().nullable(),
  user_type: UserType.default('agent_provider'),
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

/** The account is made and signed in. */
export const AccountCreated = SignedIn.extend({ user_id: z.string() });
export type AccountCreated = z.infer<typeof AccountCreated>;

export const UserIdParams = z.object({ user_id: recordId });

/** PUT /api/users/agents/{id}: the agent's fields as the form holds them, "other" choices included. */
const agentField = text(2000).optional().nullable();
export const OwnAgentBody = strictBody({
  ...fieldsShape(AGENT_FIELDS, () => agentField),
  newCategory: agentField,
  newRole: agentField,
  /**
   * Taken so that the registration form's values can be sent back as they are, and not used: an
   * owned agent's contact is its owner's account address, changed on the account page.
   */
  email: agentField,
});
export type OwnAgentBody = z.infer<typeof OwnAgentBody>;

/** GET /api/users/agents */
export const OwnAgentsAnswer = z.strictObject({
  success: z.literal(true),
  agents: z.array(OwnAgent),
  /** Agents this account's holder registered under its address that wait for it to be confirmed. */
  unverified_agents: z.number().int().min(0),
});
export type OwnAgentsAnswer = z.infer<typeof OwnAgentsAnswer>;

export const OwnAgentAnswer = z.strictObject({ success: z.literal(true), agent: OwnAgent });
export type OwnAgentAnswer = z.infer<typeof OwnAgentAnswer>;

/** Fields left out stay as they are. A new e-mail takes effect only once the link sent to it is opened. */
export const ProfileBody = z.object({
  full_name: text(200).optional(),
  organization: text(200).optional(),
  phone: text(64).optional().nullable(),
  website: text(400).optional().nullable(),
  email: text(MAX_LENGTHS.email * 2).optional(),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

export const ProfileAnswer = z.strictObject({
  success: z.literal(true),
  user: User,
  /** "Your profile has been saved.", plus where the confirmation link went when the e-mail changes. */
  message: z.string(),
});
export type ProfileAnswer = z.infer<typeof ProfileAnswer>;

// A structured profile (issue 28) as sent: only its shape and size are bounded here; the rules
// (controlled lists, numbers, lengths) and their messages are domain/agent-profile.ts's.
const profileScalar = z
  .union([z.string().max(200), z.number(), z.boolean()])
  .nullable()
  .optional();
const profileList = z
  .union([z.array(z.string().max(200)).max(40), z.string().max(2000)])
  .nullable()
  .optional();
/** PUT of an agent's structured profile, the same for staff as for providers. */
export const AgentProfileBody = z.object({
  pricing_model: profileScalar,
  starting_price: profileScalar,
  currency: profileScalar,
  billing_period: profileScalar,
  free_trial: profileScalar,
  trial_days: profileScalar,
  deployment: profileList,
  integrations: profileList,
  languages: profileList,
  data_residency: profileList,
  certifications: profileList,
  certifications_verified: profileList,
  api_available: profileScalar,
  mcp_available: profileScalar,
  tasks: profileList,
});
