import { normalizeUsername } from '@agentry/domain/email';
import { loadConfigOrExit } from '@agentry/platform/config/env';
import { openStore } from '@agentry/platform/store/factory';
import { resolveSessionSecret } from '@agentry/server/auth/session-secret';
import { TotpSecretBox } from '@agentry/server/auth/totp-secret-box';
import { turnOffAdminTotp, UnknownAdminError } from '@agentry/server/commands/admin/admin-totp';
import { enrolTotp } from './enrol-totp';
import { createPrompter } from './prompt';

// `npm run admin:totp -- USERNAME`: sets up (or sets up anew, replacing the old phone and recovery
// codes) a staff account's two-factor sign-in in the configured store. `-- USERNAME --off` turns it
// off: the reset for an admin who lost both the phone and the recovery codes (with
// ADMIN_TOTP_REQUIRED they then enrol again before they can sign in). Run on the server, by whoever
// runs it: the secret is encrypted with a key derived from SESSION_SECRET, the same the API uses.

const USAGE = 'Usage: npm run admin:totp -- USERNAME [--off]\n';

async function main(argv: string[]): Promise<number> {
  if (argv.some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const off = argv.includes('--off');
  const [username, ...rest] = argv.filter((arg) => arg !== '--off');
  if (!username || rest.length > 0) {
    process.stderr.write(USAGE);
    return 1;
  }
  const config = loadConfigOrExit();
  const store = await openStore(config);
  try {
    if (off) {
      await turnOffAdminTotp({ store }, { username });
      process.stdout.write(`Two-factor sign-in is off for ${normalizeUsername(username)}.\n`);
      return 0;
    }
    const prompter = createPrompter();
    try {
      const box = new TotpSecretBox(resolveSessionSecret(config.SESSION_SECRET, config.dataDir));
      const write = (text: string) => process.stdout.write(text);
      return (await enrolTotp({ store, box, prompter, write, username })) ? 0 : 1;
    } finally {
      prompter.close();
    }
  } catch (error) {
    if (error instanceof UnknownAdminError) {
      process.stderr.write(`${error.message}. Nothing was changed.\n`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin:totp failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
