import { z } from 'zod';
import { AGENT_FIELDS } from '../agent';
import { MAX_LENGTHS, SANITISED_MAX_LENGTH } from '../input-lengths';
import { LISTING_CLAIM_WAYS } from '../ownership-report';
import { PublicAgent } from './agents';
import { fieldsShape, strictBody } from './shapes';

// POST /api/agents, the public registration form (server/src/routes/api/registration/), and
// POST /api/agents/{id}/ownership-reports, "this is my product". Only shape and size here; the
// spec's field rules (required, lengths, markup, URL, e-mail) run in the command with
// domain/agent-rules, the same code the form runs, so both show the same message for the same
// mistake.

/** Room for a field before it is sanitised; the rules check the sanitised length. */
const typed = z
  .string()
  .max(SANITISED_MAX_LENGTH * 2)
  .optional()
  .nullable();

/** The form's values: every agent field (AGENT_FIELDS), the e-mail, and the "other" choices' new values. */
export const RegisterAgentBody = strictBody({
  email: z
    .string()
    .max(MAX_LENGTHS.email * 2)
    .optional()
    .nullable(),
  ...fieldsShape(AGENT_FIELDS, () => typed),
  newCategory: typed,
  newRole: typed,
});
export type RegisterAgentBody = z.infer<typeof RegisterAgentBody>;

export const RegistrationAnswer = z.strictObject({
  success: z.literal(true),
  agent: PublicAgent,
  /** The e-mail is the signed-in account's own: said only to that account (the client then goes to its dashboard). */
  is_existing_subscriber: z.boolean(),
  /** The agent is already the signed-in account's. */
  owned: z.boolean(),
  /** Public now; false while it waits for its address's link or for staff review. */
  listed: z.boolean(),
  message: z.string(),
});
export type RegistrationAnswer = z.infer<typeof RegistrationAnswer>;

/** In a 409 for a name already registered that nobody owns: how its maker can claim it. */
export const UnclaimedListing = z.strictObject({
  agent_id: z.string(),
  ways: z.array(z.enum(LISTING_CLAIM_WAYS)),
});
export type UnclaimedListing = z.infer<typeof UnclaimedListing>;

/** "This is my product": the rules on the text (domain/ownership-report.ts) run in the command. */
export const OwnershipReportBody = z.object({
  name: z.string().max(400).optional().nullable(),
  organization: z.string().max(400).optional().nullable(),
  email: z
    .string()
    .max(MAX_LENGTHS.email * 2)
    .optional()
    .nullable(),
  message: z.string().max(4000).optional().nullable(),
});
export type OwnershipReportBody = z.infer<typeof OwnershipReportBody>;
