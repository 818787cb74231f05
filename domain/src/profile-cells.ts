import {
  type AgentProfile,
  type AgentProfileField,
  PROFILE_FIELDS,
  PROFILE_LABELS,
  type ProfileInput,
} from './agent-profile';

// The structured profile (issue 28) in the admin spreadsheet: one extra column per fact after the
// spec's columns, titled as the form labels it. A file without them (every file made before)
// imports as before; a cell left empty states nothing. Cells hold the codes of the controlled
// lists (labels are read too), lists joined with "; ", yes/no for booleans. The last-confirmed
// date is the provider's act: downloaded for reading, never read back.

export const PROFILE_COLUMN_FIELDS: readonly AgentProfileField[] = PROFILE_FIELDS;
export const PROFILE_COLUMNS: readonly string[] = [
  ...PROFILE_COLUMN_FIELDS.map((field) => PROFILE_LABELS[field]),
  PROFILE_LABELS.confirmed_at,
];

const FIELD_BY_HEADER = new Map<string, AgentProfileField>(
  PROFILE_COLUMN_FIELDS.flatMap((field) => [
    [PROFILE_LABELS[field].toLowerCase(), field] as const,
    [field, field] as const,
  ]),
);

function cellOf(value: AgentProfile[keyof AgentProfile]): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** The profile's cells, in the order of PROFILE_COLUMNS. */
export function profileCells(profile: AgentProfile): string[] {
  return [...PROFILE_COLUMN_FIELDS.map((field) => cellOf(profile[field])), profile.confirmed_at ?? ''];
}

/**
 * The profile columns of one row (headers matched without regard to case and padding), or null
 * when the row has none with anything in it: an old file, or an agent whose profile is blank.
 */
export function profileInputOfRow(row: Record<string, unknown>): ProfileInput | null {
  const input: ProfileInput = {};
  let stated = false;
  for (const [header, value] of Object.entries(row)) {
    const field = FIELD_BY_HEADER.get(header.trim().toLowerCase());
    if (!field || value === null || value === undefined || String(value).trim() === '') continue;
    // JSON files may give lists as arrays and booleans or numbers as such; cells are text.
    input[field] =
      typeof value === 'number' || typeof value === 'boolean' || Array.isArray(value) ? value : String(value);
    stated = true;
  }
  return stated ? input : null;
}
