import { normalizeAddress } from './address';
import { AGENT_FIELDS, type AgentField, FIELD_LABELS } from './agent';
import { checkField, type FieldErrors } from './agent-rules';
import { canonicalTerm } from './catalog-terms';
import { normalizeOptionalEmail } from './email';
import { UPLOAD_EXTENSIONS } from './spreadsheet-files';

// Admin edit and upload rules of spec section 5.

/** The most subscribers one page of the admin's list answers (and the store's list() at most). */
export const SUBSCRIBERS_PAGE_MAX = 500;

/** The longest part of a name staff search the agents by (issue 25): a name is at most 100. */
export const ADMIN_NAME_SEARCH_MAX = 100;

export interface AdminAgentInput extends Partial<Record<AgentField | 'email' | 'status', string | null>> {}

export interface ValidatedAdminAgent extends Record<AgentField, string> {
  email: string | null;
  status: string | null;
}

export type AdminValidation =
  | { ok: true; value: ValidatedAdminAgent }
  | { ok: false; message: string; errors: FieldErrors<AgentField | 'email' | 'status'> };

export const missingFieldsMessage = (labels: string[]) =>
  `Please fill in all required fields: ${labels.join(', ')}`;

/** Admin add/edit: seven required fields named together in one message; email and status optional. */
export function validateAdminAgent(input: AdminAgentInput): AdminValidation {
  const text = (key: keyof AdminAgentInput) => String(input[key] ?? '').trim();
  const missing = AGENT_FIELDS.filter((field) => text(field) === '');
  if (missing.length > 0) {
    const errors = Object.fromEntries(missing.map((field) => [field, `${FIELD_LABELS[field]} is required`]));
    return { ok: false, message: missingFieldsMessage(missing.map((f) => FIELD_LABELS[f])), errors };
  }
  const errors: FieldErrors<AgentField | 'email' | 'status'> = {};
  for (const field of AGENT_FIELDS) {
    const problem = checkField(field, text(field), true, text('category'));
    if (problem) errors[field] = problem;
  }
  const emailProblem = checkField('email', text('email'), false);
  if (emailProblem) errors.email = emailProblem;
  if (text('status').length > 100) errors.status = 'Status must be less than 100 characters';
  const first = Object.values(errors)[0];
  if (first) return { ok: false, message: first, errors };

  const value = Object.fromEntries(AGENT_FIELDS.map((field) => [field, text(field)])) as Record<
    AgentField,
    string
  >;
  return {
    ok: true,
    value: {
      ...value,
      category: canonicalTerm('category', value.category),
      role: canonicalTerm('role', value.role),
      address: normalizeAddress(value.address),
      email: normalizeOptionalEmail(text('email')),
      status: text('status') === '' ? null : text('status'),
    },
  };
}

export const UPLOAD_TYPE_MESSAGE = 'Please upload an Excel file (.xlsx or .xls)';

/** Admin upload accepts only file names ending .xlsx or .xls. */
export function isExcelFileName(fileName: string): boolean {
  const lower = fileName.trim().toLowerCase();
  return UPLOAD_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
