import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Staff TOTP secrets are stored encrypted: a copy of the store (a backup, a leaked dump) does not
// give anyone the codes. AES-256-GCM with a key derived from SESSION_SECRET (HKDF-SHA256, its own
// label), a random 12-byte IV per secret; the tag makes a changed value fail to open. The server
// never shows a stored secret again: enrolment prints it once (npm run admin:totp).
//
// Changing SESSION_SECRET makes the stored secrets unreadable: the sign-in then says so, and each
// admin enrols again with `npm run admin:totp` (docs/admin.md).

const VERSION = 'v1';

export class TotpSecretBox {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'agentry', 'admin totp secret', 32));
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, sealed, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The secret, or null when the value was sealed with another key or changed. */
  open(sealed: string): string | null {
    const [version, iv, data, tag] = sealed.split('.');
    if (version !== VERSION || !iv || !data || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
