import { loadConfigOrExit } from '@agentry/platform/config/env';
import { openStore } from '@agentry/platform/store/factory';
import { DuplicateAdminError } from '@agentry/platform/store/port';
import { resolveSessionSecret } from '@agentry/server/auth/session-secret';
import { TotpSecretBox } from '@agentry/server/auth/totp-secret-box';
import { adminAccountProblem, createAdmin } from '@agentry/server/commands/admin/create-admin';
import { enrolTotp } from './enrol-totp';
import { createPrompter } from './prompt';

// `npm run admin:create`: adds a staff account to the configured store. Asks for the username and
// the password (twice, never echoed); the password is stored as an Argon2id hash like every other.
// Then offers two-factor sign-in (enrol-totp.ts), answered yes by default when ADMIN_TOTP_REQUIRED
// is set (the account could not sign in without it).

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
  if (again !== password) {
    prompter.close();
    process.stderr.write('The two passwords differ. No account was created.\n');
    return 1;
  }
  const store = await openStore(config);
  try {
    const admin = await createAdmin({ store }, { username, password });
    process.stdout.write(`Admin ${admin.username} created in the ${store.kind} store.\n`);
    const required = config.ADMIN_TOTP_REQUIRED;
    const answer = await prompter
      .ask(`Set up two-factor sign-in (an authenticator app) now? ${required ? '[Y/n]' : '[y/N]'} `)
      .catch(() => '');
    const wanted = answer.trim() === '' ? required : /^y/i.test(answer.trim());
    if (wanted) {
      const box = new TotpSecretBox(resolveSessionSecret(config.SESSION_SECRET, config.dataDir));
      const write = (text: string) => process.stdout.write(text);
      if (!(await enrolTotp({ store, box, prompter, write, username: admin.username }))) {
        process.stderr.write(`Set it up later with: npm run admin:totp -- ${admin.username}\n`);
        return 1;
      }
    } else if (required) {
      process.stdout.write(
        `ADMIN_TOTP_REQUIRED is set: ${admin.username} cannot sign in before npm run admin:totp -- ${admin.username}.\n`,
      );
    }
    process.stdout.write('Sign in at /admin.\n');
    return 0;
  } catch (error) {
    if (error instanceof DuplicateAdminError) {
      process.stderr.write(`An admin named ${error.username} already exists. No account was created.\n`);
      return 1;
    }
    throw error;
  } finally {
    prompter.close();
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
