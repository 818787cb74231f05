import { pipeline } from 'node:stream/promises';
import type { Agent } from '@agentry/domain/agent';
import type { Logger } from '@agentry/platform/log/logger';
import { agentsWorkbookStream, type SpreadsheetAgent } from '@agentry/platform/spreadsheet/write-agents-xlsx';
import type { Store } from '@agentry/platform/store/port';
import type { Response } from 'express';

export const DOWNLOAD_FILE_NAME = 'ai_agents.xlsx';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Agents read from the store per batch: the workbook is written as they come, never held whole. */
const DOWNLOAD_BATCH = 1000;

/**
 * Every live agent as ai_agents.xlsx, in the upload's columns, streamed: the store is read a batch
 * at a time while the zip is written, so 100,000 agents never sit in memory as one sheet.
 */
export async function streamAgentsWorkbook(
  store: Pick<Store, 'agents' | 'profiles'>,
  res: Response,
  logger: Logger,
) {
  res.set({
    'Content-Type': XLSX_TYPE,
    'Content-Disposition': `attachment; filename="${DOWNLOAD_FILE_NAME}"`,
  });
  try {
    await pipeline(agentsWorkbookStream(withProfileBatches(store, store.agents.scan(DOWNLOAD_BATCH))), res);
  } catch (error) {
    // Half a zip is no file: the connection is cut so the browser reports a failed download.
    logger.error({ err: error }, 'agents download failed');
    if (!res.headersSent)
      res.status(500).json({ success: false, error: 'Failed to download agents. Please try again.' });
    else res.destroy();
  }
}

/** Each batch with its agents' structured profiles (issue 28): one read per batch of DOWNLOAD_BATCH. */
async function* withProfileBatches(
  store: Pick<Store, 'profiles'>,
  batches: AsyncIterable<Agent[]>,
): AsyncGenerator<SpreadsheetAgent[]> {
  for await (const batch of batches) {
    const stored = await store.profiles.getMany(batch.map((agent) => agent.id));
    const byId = new Map(stored.map((entry) => [entry.agent_id, entry.profile]));
    yield batch.map((agent) => ({ ...agent, profile: byId.get(agent.id) ?? null }));
  }
}
