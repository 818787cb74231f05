import { validateAgentRecord } from '@agentry/domain/agent-rules';
import type { AgentCreate, Store } from '../store/port';
import { ImportFileError } from './import-file-error';
import { mapColumns, missingColumns } from './map-columns';

export const DUPLICATE_REASON = 'Already listed (same name and provider)';

export interface ImportOptions {
  /** Rows per store transaction. */
  batchSize?: number;
  /** Called after each batch with the rows handled so far (valid or not) and the total. */
  onProgress?: (done: number, total: number) => void;
  /** The number a person sees for each row (readRows gives them); by default the 1-based position. */
  rowNumbers?: readonly number[];
}

export interface SkippedRow {
  row: number;
  name: string;
  reason: string;
}

export interface ImportResult {
  added: number;
  /** In row order. */
  skipped: SkippedRow[];
}

export interface PendingAgent {
  row: number;
  agent: AgentCreate;
}

/**
 * Validates every row with the registration rules and adds the valid ones, batch by batch. An agent
 * that is already listed, or that an earlier row of the same file added, is skipped, so importing
 * a file twice adds nothing the second time. Throws ImportFileError, before writing anything, when
 * the rows lack a required column altogether.
 */
export async function importAgents(
  store: Pick<Store, 'agents'>,
  rows: Record<string, unknown>[],
  { batchSize = 500, onProgress, rowNumbers }: ImportOptions = {},
): Promise<ImportResult> {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError('batchSize must be a positive integer');
  }
  assertColumns(rows);
  const result: ImportResult = { added: 0, skipped: [] };
  for (let start = 0; start < rows.length; start += batchSize) {
    const end = Math.min(start + batchSize, rows.length);
    const batch = await applyImport(store, prepareImport(rows, rowNumbers, start, end));
    result.added += batch.added;
    result.skipped.push(...batch.skipped);
    onProgress?.(end, rows.length);
  }
  return result;
}

/** Throws ImportFileError when the rows lack a required column altogether: the wrong file, not bad rows. */
export function assertColumns(rows: Record<string, unknown>[]): void {
  const missing = missingColumns(rows);
  if (rows.length > 0 && missing.length > 0) {
    throw new ImportFileError(`The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}`);
  }
}

/** Rows checked and ready to write: the valid agents, and the rows the rules refused. */
export interface PreparedImport {
  pending: PendingAgent[];
  invalid: SkippedRow[];
}

/**
 * Validates rows [start, end) with the registration rules. Pure CPU and no store: it can run on a
 * worker thread and its result cross back to the thread that writes.
 */
export function prepareImport(
  rows: Record<string, unknown>[],
  rowNumbers: readonly number[] | undefined,
  start = 0,
  end = rows.length,
): PreparedImport {
  const prepared: PreparedImport = { pending: [], invalid: [] };
  for (let index = start; index < end; index++) {
    const row = rowNumbers?.[index] ?? index + 1;
    const fields = mapColumns(rows[index]!);
    const validation = validateAgentRecord(fields);
    if (validation.ok) {
      prepared.pending.push({ row, agent: validation.value });
    } else {
      const reason = Object.values(validation.errors).join('; ');
      prepared.invalid.push({ row, name: displayName(fields.name), reason });
    }
  }
  return prepared;
}

/**
 * Writes the valid agents in one store transaction (all of them or none), skipping those already
 * listed; answers what was added and every skipped row, in row order.
 */
export async function applyImport(
  store: Pick<Store, 'agents'>,
  prepared: PreparedImport,
): Promise<ImportResult> {
  const skipped = [...prepared.invalid];
  let added = 0;
  if (prepared.pending.length > 0) {
    const outcome = await store.agents.importMany(prepared.pending.map((item) => item.agent));
    added = outcome.added;
    for (const duplicate of outcome.duplicates) {
      const item = prepared.pending[duplicate.index]!;
      skipped.push({ row: item.row, name: item.agent.name, reason: DUPLICATE_REASON });
    }
  }
  return { added, skipped: skipped.sort((a, b) => a.row - b.row) };
}

/** Longest name a report shows for a skipped row: a name cell may hold a whole page of text. */
export const REPORT_NAME_MAX = 100;

// Reports print one line per row, so a name cell with line breaks is shown on one line.
function displayName(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const name = String(value).replace(/\s+/g, ' ').trim();
  return name.length > REPORT_NAME_MAX ? `${name.slice(0, REPORT_NAME_MAX - 1)}…` : name;
}
