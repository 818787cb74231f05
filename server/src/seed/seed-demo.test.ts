import { validateAgentRecord } from '@agentry/domain/agent-rules';
import { createLogger } from '@agentry/platform/log/logger';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import demoCatalog from './demo-catalog.json';
import { seedDemoCatalog } from './seed-demo';

const logger = createLogger('silent', 'test');

describe('demo catalog', () => {
  it('has at least 60 valid agents across at least 10 categories', () => {
    const invalid = demoCatalog.map((row) => validateAgentRecord(row)).filter((result) => !result.ok);
    expect(invalid).toEqual([]);
    expect(demoCatalog.length).toBeGreaterThanOrEqual(60);
    expect(new Set(demoCatalog.map((row) => row.category)).size).toBeGreaterThanOrEqual(10);
  });

  it('seeds an empty store once and leaves a used store alone', async () => {
    const store = openSqliteStore(':memory:');
    expect(await seedDemoCatalog(store, logger)).toBe(demoCatalog.length);
    expect(await seedDemoCatalog(store, logger)).toBe(0);
    expect(await store.agents.count()).toBe(demoCatalog.length);
    await store.close();
  });

  it('does not reseed a store whose agents were all removed', async () => {
    const store = openSqliteStore(':memory:');
    const agent = await store.agents.create({ ...demoCatalog[0]! });
    await store.agents.update(agent.id, { removed: true });
    expect(await seedDemoCatalog(store, logger)).toBe(0);
    await store.close();
  });
});
