import { loadConfigOrExit } from '@agentry/platform/config/env';
import { openStore } from '@agentry/platform/store/factory';
import { DuplicateAdminError } from '@agentry/platform/store/port';
import { adminAccountProblem, createAdmin } from '@agentry/server/commands/admin/create-admin';
import { createPrompter } from './prompt';

// `npm run admin:create`: adds a staff account to the configured store. Asks for the username and
// the password (twice, never echoed); the password is stored as a scrypt hash like every other.

async function main(): Promise<number> {
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write('Usage: npm run admin:create   (asks for a username and a password)\n');
    return 0;
  }
  const config = loadConfigOrExit();
  const prompter = createPrompter();
  const username = (await prompter.ask('Admin username: ')).trim();
  const password = await prompter.ask('Password (at least 12 characters, not shown): ', { secret: true });
  const problem = adminAccountProblem(username, password);
  if (problem) {
    prompter.close();
    process.stderr.write(`${problem}. No account was created.\n`);
    return 1;
  }
  const again = await prompter.ask('Password again: ', { secret: true });
  prompter.close();
  if (again !== password) {
    process.stderr.write('The two passwords differ. No account was created.\n');
    return 1;
  }
  const store = await openStore(config);
  try {
    const admin = await createAdmin(store, username, password);
    process.stdout.write(`Admin ${admin.username} created in the ${store.kind} store. Sign in at /admin.\n`);
    return 0;
  } catch (error) {
    if (error instanceof DuplicateAdminError) {
      process.stderr.write(`An admin named ${error.username} already exists. No account was created.\n`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin:create failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
