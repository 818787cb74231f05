import { createLogger } from '@agentry/platform/log/logger';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import demoCatalog from './demo-catalog.json';
import { isDemoIdentity, retireDemoCatalog } from './retire-demo';
import { seedDemoCatalog } from './seed-demo';

const logger = createLogger('silent', 'test');

describe('taking the demo catalog off the directory when a real catalog arrives', () => {
  it('marks every unowned demo agent removed and leaves the other agents listed', async () => {
    const store = openSqliteStore(':memory:');
    await seedDemoCatalog(store, logger);
    const real = await store.agents.create({
      name: 'Ledgerly',
      provider: 'Real Books Inc',
      category: 'Finance',
      role: 'Bookkeeper',
      description: 'Reconciles bank transactions every night.',
      cost: '$20/month',
      address: 'https://ledgerly.io',
      email: null,
    });
    expect(await retireDemoCatalog(store)).toBe(demoCatalog.length);
    expect(await store.agents.count()).toBe(1);
    expect((await store.agents.get(real.id))?.removed).toBe(false);
    // Kept in the store: the next start does not seed them again, and a second import takes nothing.
    expect(await store.agents.count({ includeRemoved: true })).toBe(demoCatalog.length + 1);
    expect(await seedDemoCatalog(store, logger)).toBe(0);
    expect(await retireDemoCatalog(store)).toBe(0);
    await store.close();
  });

  it('keeps a demo agent someone owns, and those the imported file names itself', async () => {
    const store = openSqliteStore(':memory:');
    await seedDemoCatalog(store, logger);
    const [first, second] = demoCatalog;
    const owned = await store.agents.findByIdentity(first!.name, first!.provider);
    await store.agents.update(owned!.id, { owner_id: 'provider-1' });
    const rows = [{ Name: second!.name.toUpperCase(), Provider: second!.provider, Category: 'x' }];
    expect(await retireDemoCatalog(store, rows)).toBe(demoCatalog.length - 2);
    expect(await store.agents.count()).toBe(2);
    await store.close();
  });

  it('knows a demo agent by its name and provider, whatever their case', () => {
    expect(isDemoIdentity(demoCatalog[0]!.name.toLowerCase(), demoCatalog[0]!.provider)).toBe(true);
    expect(isDemoIdentity(demoCatalog[0]!.name, 'Someone Else')).toBe(false);
  });
});
