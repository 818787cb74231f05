// The cells of the admin area's Excel download and upload (spec: upload columns Name, Provider,
// Category, Role, Description, Cost, Address).
import { AGENT_FIELDS, FIELD_LABELS } from './agent';

/** The spreadsheet's column titles, in order: one per agent field, titled as the forms label it. */
export const SPREADSHEET_COLUMNS: readonly string[] = AGENT_FIELDS.map((field) => FIELD_LABELS[field]);

// OWASP CSV injection: a spreadsheet program may run a cell that starts with one of these as a
// formula (=HYPERLINK(...) sending data away, =cmd|...). Leading apostrophes are matched too so
// that a text which already starts with "'=" keeps its apostrophe through a download and upload.
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

/** The text as a cell can show it safely: formula-looking text gets a leading apostrophe. */
export function escapeFormulaCell(text: string): string {
  return FORMULA_LIKE.test(text) ? `'${text}` : text;
}

/** The inverse of escapeFormulaCell, so a downloaded file uploaded back gives the original text. */
export function unescapeFormulaCell(text: string): string {
  return ESCAPED_FORMULA.test(text) ? text.slice(1) : text;
}
