import { MAX_LENGTHS, PASSWORD_MAX_LENGTH } from '@agentry/domain/limits';
import { z } from 'zod';

// Shapes and bounds; the account rules themselves (required fields, password policy, phone) run
// in the commands with domain/account-rules, as on the client.

const text = (max: number) => z.string().max(max);

export const CreateUserBody = z.object({
  email: text(MAX_LENGTHS.email * 2),
  password: text(PASSWORD_MAX_LENGTH),
  full_name: text(200),
  organization: text(200),
  phone: text(64).optional().nullable(),
  user_type: z.enum(['agent_provider', 'employer']).default('agent_provider'),
});

export const UserIdParams = z.object({ user_id: z.string().min(1).max(64) });
export const AgentIdParams = z.object({ id: z.string().min(1).max(64) });

const agentField = text(2000).optional().nullable();
export const OwnAgentBody = z.object({
  name: agentField,
  provider: agentField,
  category: agentField,
  newCategory: agentField,
  role: agentField,
  newRole: agentField,
  description: agentField,
  cost: agentField,
  address: agentField,
});

export const ProfileBody = z.object({
  full_name: text(200).optional(),
  organization: text(200).optional(),
  phone: text(64).optional().nullable(),
  website: text(400).optional().nullable(),
  email: text(MAX_LENGTHS.email * 2).optional(),
});

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
