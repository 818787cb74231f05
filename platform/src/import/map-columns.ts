import { AGENT_FIELDS, type AgentField, FIELD_LABELS } from '@agentry/domain/agent';

export type ImportField = AgentField | 'email';

const IMPORT_FIELDS: readonly ImportField[] = [...AGENT_FIELDS, 'email'];
// The spec's column titles are the field names capitalised, so one lower-cased key serves both
// spreadsheets (Name, Provider, ...) and JSON (name, provider, ...).
const FIELD_BY_HEADER = new Map<string, ImportField>(IMPORT_FIELDS.map((field) => [field, field]));

function fieldOf(header: string): ImportField | undefined {
  return FIELD_BY_HEADER.get(header.trim().toLowerCase());
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The agent fields of one row, whatever the case and padding of its headers; other columns are ignored. */
export function mapColumns(row: Record<string, unknown>): Partial<Record<ImportField, unknown>> {
  const mapped: Partial<Record<ImportField, unknown>> = {};
  for (const [header, value] of Object.entries(row)) {
    const field = fieldOf(header);
    // Two headers can name one field ('Name' and 'name'); the first that holds something wins.
    if (field && (mapped[field] === undefined || (isBlank(mapped[field]) && !isBlank(value))))
      mapped[field] = value;
  }
  return mapped;
}

/** Labels of the required columns that no row has: a file without them is the wrong file, not bad rows. */
export function missingColumns(rows: Record<string, unknown>[]): string[] {
  const seen = new Set<ImportField>();
  for (const row of rows) {
    for (const header of Object.keys(row)) {
      const field = fieldOf(header);
      if (field) seen.add(field);
    }
    if (AGENT_FIELDS.every((field) => seen.has(field))) return [];
  }
  return AGENT_FIELDS.filter((field) => !seen.has(field)).map((field) => FIELD_LABELS[field]);
}
