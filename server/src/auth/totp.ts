import { createHash, randomInt } from 'node:crypto';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { generate, generateSecret, generateURI, verify } from 'otplib';

// Staff two-factor sign-in: RFC 6238 TOTP as every authenticator app speaks it (SHA-1, 6 digits,
// 30-second steps), with otplib. A code is accepted for its own step or one step either side (clock
// drift between the phone and the server), and each step once: the store keeps the last step used
// (AdminRepository.useTotpStep), so a code seen over a shoulder or in a log cannot be replayed.
//
// Recovery codes, for a lost phone: ten random codes of ten characters (50 bits each), shown once at
// enrolment, stored as SHA-256 hashes (they are random, so a fast hash is enough), each used once.

export const TOTP_ISSUER = PRODUCT_NAME;
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of the server's: a phone up to 30 s off still signs in. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: read off paper without doubt. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TotpEnrolment {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** otpauth://totp/Agentry:<username>?secret=…&issuer=Agentry, for a QR code. */
  uri: string;
}

export function newTotpEnrolment(username: string): TotpEnrolment {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: username, secret }) };
}

/** Six digits, with spaces or a dash people type between the halves allowed. */
export const looksLikeTotpCode = (code: string) => /^\d{3}[\s-]?\d{3}$/.test(code.trim());

/**
 * The time step the code belongs to when it is right for the secret at `nowMs` (within one step
 * either side) and later than `afterStep`; null otherwise.
 */
export async function totpStepOf(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  const token = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? (result.timeStep as number) : null;
}

/** The code an app shows for the secret at `nowMs` (for tests and the enrolment's check). */
export function totpCodeAt(secret: string, nowMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(nowMs / 1000) });
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** The stored form of a recovery code, however it was typed (case, spaces, dashes). */
export function recoveryCodeHash(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}
