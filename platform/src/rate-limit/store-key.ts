import { createHash } from 'node:crypto';

/**
 * The key a limiter keeps in the shared store: its name and a hash of the client's address or the
 * account's e-mail, so the table holds no personal data and every key has the same short length.
 */
export const storeKeyOf = (limiterName: string, key: string) =>
  `${limiterName}:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
