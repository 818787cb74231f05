import type { Store } from '@agentry/platform/store/port';
import type { TotpSecretBox } from '@agentry/server/auth/totp-secret-box';
import { confirmTotpEnrolment, prepareTotpEnrolment } from '@agentry/server/commands/admin/admin-totp';
import { renderUnicodeCompact } from 'uqr';
import type { Prompter } from './prompt';

// The enrolment conversation both CLIs hold (`npm run admin:totp`, and `npm run admin:create` right
// after the account is made): the secret shown once, as a QR code for the phone's camera, as the
// base32 key to type, and as the otpauth URI; then a code from the app to prove it was taken down
// (nothing is stored before that), then ten recovery codes, shown once.

export interface EnrolOptions {
  store: Pick<Store, 'admins'>;
  box: TotpSecretBox;
  prompter: Prompter;
  write: (text: string) => void;
  username: string;
  now?: () => number;
}

const CODE_TRIES = 3;

/** Groups of four, as authenticator apps show keys to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(' ');

/** True once the admin's app gave a right code and the enrolment is stored. */
export async function enrolTotp({ store, box, prompter, write, username, now = Date.now }: EnrolOptions) {
  const prepared = await prepareTotpEnrolment({ store }, { username });
  write(`\nTwo-factor sign-in for ${prepared.admin.username}. Scan this with an authenticator app:\n\n`);
  write(`${renderUnicodeCompact(prepared.uri)}\n\n`);
  write(`Or type this key into the app (time-based, 6 digits): ${grouped(prepared.secret)}\n`);
  write(`otpauth URI: ${prepared.uri}\n`);
  write('Shown once: it is stored encrypted and never shown again.\n\n');
  for (let tries = 0; tries < CODE_TRIES; tries++) {
    const code = await prompter.ask('The 6-digit code the app shows now: ');
    if (await confirmTotpEnrolment({ store, box, now }, { prepared, code })) {
      write(
        `\nTwo-factor sign-in is on for ${prepared.admin.username}.${prepared.admin.totp_enabled ? ' The earlier app and recovery codes no longer work.' : ''}\n`,
      );
      write('Recovery codes, each good for one sign-in if the phone is lost. Keep them somewhere safe:\n\n');
      for (const recovery of prepared.recoveryCodes) write(`  ${recovery}\n`);
      write('\n');
      return true;
    }
    write("That code does not match. Check that the phone's clock is right and try the next code.\n");
  }
  write('No code matched: nothing was changed.\n');
  return false;
}
