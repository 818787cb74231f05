import { z } from 'zod';
import {
  type AgentProfile as AgentProfileFacts,
  BILLING_PERIODS,
  CERTIFICATIONS,
  CURRENCIES,
  DATA_RESIDENCIES,
  DEPLOYMENTS,
  LANGUAGE_CODES,
  type LanguageCode,
  PRICING_MODELS,
  PROFILE_LIMITS,
} from '../agent-profile';

// An agent's structured profile as the API answers it (issue 28; domain/agent-profile.ts holds the
// choices and the rules): on the agent page (GET /api/agents/{id}), in a comparison, and from the
// provider's and the staff's profile forms (server/src/routes/api/users/, admin/).

const certification = z.enum(CERTIFICATIONS);

export const AgentProfile = z.strictObject({
  pricing_model: z.enum(PRICING_MODELS).nullable(),
  starting_price: z.number().min(0).max(PROFILE_LIMITS.maxPrice).nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  billing_period: z.enum(BILLING_PERIODS).nullable(),
  free_trial: z.boolean().nullable(),
  trial_days: z.number().int().nullable(),
  deployment: z.array(z.enum(DEPLOYMENTS)),
  integrations: z.array(z.string()).max(PROFILE_LIMITS.integrations),
  languages: z.array(z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]])),
  data_residency: z.array(z.enum(DATA_RESIDENCIES)),
  certifications: z.array(certification),
  certifications_verified: z.array(certification),
  api_available: z.boolean().nullable(),
  mcp_available: z.boolean().nullable(),
  tasks: z.array(z.string()).max(PROFILE_LIMITS.tasks),
  confirmed_at: z.string().nullable().meta({ description: 'The day the provider last saved the profile.' }),
});
export type AgentProfile = z.infer<typeof AgentProfile>;

/** The contract and domain/agent-profile.ts describe the same facts: a field on one side only fails to compile. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameFacts: Same<AgentProfile, AgentProfileFacts> = true;
void sameFacts;

/** A profile saved (by its provider or by staff), or read by staff: as now stored. */
export const AgentProfileAnswer = z.strictObject({ success: z.literal(true), profile: AgentProfile });
export type AgentProfileAnswer = z.infer<typeof AgentProfileAnswer>;
