import { validateAgentRecord } from '@agentry/domain/agent-rules';
import type { Logger } from '@agentry/platform/log/logger';
import type { Store } from '@agentry/platform/store/port';
import demoCatalog from './demo-catalog.json';

/**
 * On an empty store, loads the demo catalog the team wrote (server/src/seed/demo-catalog.json) so a
 * fresh `npm start` shows a working directory. A store that ever held an agent is left alone, even
 * if every agent was removed since.
 */
export async function seedDemoCatalog(store: Store, logger: Logger): Promise<number> {
  if ((await store.agents.count({ includeRemoved: true })) > 0) return 0;
  const rows = demoCatalog.map((row) => validateAgentRecord(row));
  const valid = rows.flatMap((result) => (result.ok ? [result.value] : []));
  if (valid.length !== rows.length)
    logger.warn({ invalid: rows.length - valid.length }, 'demo catalog rows failed validation');
  const { added } = await store.agents.importMany(valid);
  logger.info({ added }, 'seeded the demo catalog');
  return added;
}
