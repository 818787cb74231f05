import { createLogger } from '@agentry/platform/log/logger';
import { openSqliteStore } from '@agentry/platform/store/sqlite/sqlite-store';
import { verifyPassword } from '../../auth/passwords';
import { adminAccountProblem, createAdmin, ensureAdminFromEnv } from './create-admin';

describe('admin accounts', () => {
  it('refuses a short password, one equal to the username, and an odd username', () => {
    expect(adminAccountProblem('staff', 'short')).toMatch(/at least 12/);
    expect(adminAccountProblem('longusername', 'LongUsername')).toMatch(/not be the username/);
    expect(adminAccountProblem('a b', 'long enough password')).toMatch(/username/);
    expect(adminAccountProblem('ops@example.com', 'long enough password')).toBeNull();
  });

  it('creates the start-up admin once and leaves its password alone afterwards', async () => {
    const store = openSqliteStore(':memory:');
    const logger = createLogger('silent', 'test');
    await ensureAdminFromEnv(
      { store, logger },
      { ADMIN_USERNAME: 'Staff', ADMIN_PASSWORD: 'first password 1' },
    );
    await ensureAdminFromEnv(
      { store, logger },
      { ADMIN_USERNAME: 'staff', ADMIN_PASSWORD: 'second password 2' },
    );
    const admin = await store.admins.findByUsernameWithSecret('staff');
    expect(await verifyPassword('first password 1', admin!.password_hash)).toBe(true);
    expect(await store.admins.count()).toBe(1);
    await expect(
      createAdmin({ store }, { username: 'staff', password: 'another password 3' }),
    ).rejects.toThrow(/already exists/);
    await store.close();
  });
});
