import { type AgentProfile, isProfileEmpty, validateAgentProfile } from '@agentry/domain/agent-profile';
import { validateAgentRecord } from '@agentry/domain/agent-rules';
import type { SkippedRow } from '@agentry/domain/contract/admin';
import { profileInputOfRow } from '@agentry/domain/profile-cells';
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

/** A row left out, and why: as the admin upload answers it. */
export type { SkippedRow } from '@agentry/domain/contract/admin';

export interface ImportResult {
  added: number;
  /** In row order. */
  skipped: SkippedRow[];
}

export interface PendingAgent {
  row: number;
  agent: AgentCreate;
  /** The row's structured profile (issue 28), when its profile columns state anything. */
  profile?: AgentProfile;
}

/**
 * Validates every row with the registration rules and adds the valid ones, batch by batch. An agent
 * that is already listed, or that an earlier row of the same file added, is skipped, so importing
 * a file twice adds nothing the second time. Throws ImportFileError, before writing anything, when
 * the rows lack a required column altogether.
 */
export async function importAgents(
  store: Pick<Store, 'agents' | 'profiles'>,
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
    // The profile's columns (issue 28) are checked with the form's rules; a file without them
    // (made before they existed) has none to check.
    const profileInput = profileInputOfRow(rows[index]!);
    const profile = profileInput ? validateAgentProfile(profileInput) : null;
    if (validation.ok && (!profile || profile.ok)) {
      prepared.pending.push({
        row,
        agent: validation.value,
        ...(profile?.ok ? { profile: profile.value } : {}),
      });
    } else {
      const reason = [
        ...(validation.ok ? [] : Object.values(validation.errors)),
        ...(profile && !profile.ok ? Object.values(profile.errors) : []),
      ].join('; ');
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
  store: Pick<Store, 'agents' | 'profiles'>,
  prepared: PreparedImport,
): Promise<ImportResult> {
  const skipped = [...prepared.invalid];
  let added = 0;
  if (prepared.pending.length > 0) {
    const outcome = await store.agents.importMany(prepared.pending.map((item) => item.agent));
    added = outcome.added;
    const duplicates = new Set(outcome.duplicates.map((duplicate) => duplicate.index));
    for (const index of duplicates) {
      const item = prepared.pending[index]!;
      skipped.push({ row: item.row, name: item.agent.name, reason: DUPLICATE_REASON });
    }
    await saveProfiles(
      store,
      prepared.pending.filter((item, index) => item.profile && !duplicates.has(index)),
    );
  }
  return { added, skipped: skipped.sort((a, b) => a.row - b.row) };
}

/**
 * The profiles of the agents a file added, each found by its identity (name and provider), as
 * importMany answers no ids. An agent already listed keeps its profile: as for its fields, a file
 * adds and never overwrites.
 */
async function saveProfiles(store: Pick<Store, 'agents' | 'profiles'>, items: PendingAgent[]): Promise<void> {
  const stated: string[] = [];
  for (const item of items) {
    const agent = await store.agents.findByIdentity(item.agent.name, item.agent.provider);
    if (!agent) continue;
    await store.profiles.save(agent.id, item.profile!);
    if (!isProfileEmpty(item.profile!)) stated.push(agent.id);
  }
  // The indexer may have read these agents before their profiles were saved: touched, their
  // documents are read again with the profiles' facts (the search filters on them).
  for (let from = 0; from < stated.length; from += TOUCH_BATCH)
    await store.agents.touch(stated.slice(from, from + TOUCH_BATCH));
}

/** The most ids one touch() takes. */
const TOUCH_BATCH = 1000;

/** Longest name a report shows for a skipped row: a name cell may hold a whole page of text. */
export const REPORT_NAME_MAX = 100;

// Reports print one line per row, so a name cell with line breaks is shown on one line.
function displayName(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const name = String(value).replace(/\s+/g, ' ').trim();
  return name.length > REPORT_NAME_MAX ? `${name.slice(0, REPORT_NAME_MAX - 1)}…` : name;
}
