import {
  type AgentProfile,
  BILLING_PERIODS,
  CERTIFICATIONS,
  CURRENCIES,
  DATA_RESIDENCIES,
  DEPLOYMENTS,
  LANGUAGE_CODES,
  NOT_STATED,
  PRICING_MODELS,
} from '@agentry/domain/agent-profile';
import { PROFILE_FACTS } from '@agentry/domain/profile-facts';
import { z } from 'zod';

// The structured profile (issue 28) as MCP tools answer it: the stored shape, described for the
// assistant; null or an empty list means the provider did not state it.

const languageCodes = LANGUAGE_CODES as [string, ...string[]];

export const AgentProfileSchema = z
  .object({
    pricing_model: z.enum(PRICING_MODELS).nullable(),
    starting_price: z.number().nullable().describe('The lowest paid price, in currency per billing_period'),
    currency: z.enum(CURRENCIES).nullable(),
    billing_period: z.enum(BILLING_PERIODS).nullable(),
    free_trial: z.boolean().nullable(),
    trial_days: z.number().nullable(),
    deployment: z.array(z.enum(DEPLOYMENTS)),
    integrations: z.array(z.string()),
    languages: z.array(z.enum(languageCodes)).describe('ISO 639-1 codes'),
    data_residency: z.array(z.enum(DATA_RESIDENCIES)),
    certifications: z.array(z.enum(CERTIFICATIONS)).describe('Claimed by the provider'),
    certifications_verified: z
      .array(z.enum(CERTIFICATIONS))
      .describe('Those of the claimed ones staff verified'),
    api_available: z.boolean().nullable(),
    mcp_available: z.boolean().nullable(),
    tasks: z.array(z.string()),
    confirmed_at: z
      .string()
      .nullable()
      .describe('The day (YYYY-MM-DD) the provider last confirmed these facts'),
  })
  .describe('Structured facts the provider stated; null or [] means not stated');

/** The stated facts, one line each, for the text answer; nothing when nothing is stated. */
export function profileLines(profile: AgentProfile): string[] {
  const lines = PROFILE_FACTS.map((fact) => ({ label: fact.label, text: fact.text(profile) })).filter(
    (line) => line.text !== NOT_STATED,
  );
  return lines.length === 0 ? [] : ['Profile:', ...lines.map((line) => `- ${line.label}: ${line.text}`)];
}
