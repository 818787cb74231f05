import { MAX_LENGTHS, SANITISED_MAX_LENGTH } from '@agentry/domain/limits';
import { z } from 'zod';

// Only shape and size here; the spec's field rules (required, lengths, markup, URL, e-mail) are
// applied by the command with domain/agent-rules, the same code the form runs, so both show the
// same message for the same mistake.

const field = z
  .string()
  .max(SANITISED_MAX_LENGTH * 2)
  .optional()
  .nullable();

export const RegisterAgentBody = z.object({
  email: z
    .string()
    .max(MAX_LENGTHS.email * 2)
    .optional()
    .nullable(),
  name: field,
  provider: field,
  category: field,
  newCategory: field,
  role: field,
  newRole: field,
  description: field,
  cost: field,
  address: field,
});

export const AgentIdParams = z.object({ id: z.string().min(1).max(64) });

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
