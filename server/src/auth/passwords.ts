import { randomBytes } from 'node:crypto';
import type { Logger } from '@agentry/platform/log/logger';
import { hash, parseOptions, verify } from '@node-rs/argon2';
import { HashingBusyError, HashingGate } from './hashing-gate';
import { isScryptHash, scryptVerify } from './scrypt-hash';

// Argon2id at OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1): about 20-45 ms of one
// core and 19 MiB a hash here, against 418 ms and 128 MB for the scrypt it replaces (BENCHMARKS.md,
// `npm run bench:hash`). The parameters travel inside the PHC string ($argon2id$v=19$m=…,t=…,p=…),
// so they can be raised later: a hash below the current setting, or an old scrypt hash, is
// "outdated" and the sign-ins replace it after a successful check (auth/upgrade-password-hash.ts).

/** @node-rs/argon2's Algorithm.Argon2id (a const enum: its value, since the package exports no object). */
const ARGON2ID = 2;
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** One per process: hashes queue here so that they never take every core from the event loop. */
const gate = new HashingGate();

export const isArgon2Hash = (stored: string) => stored.startsWith('$argon2');

/** `onTurn` is told when the gate lets this hash start (a sign-up's Server-Timing splits queue from hash). */
export function hashPassword(password: string, onTurn?: () => void): Promise<string> {
  return gate.run(() => {
    onTurn?.();
    return hash(password.normalize('NFKC'), ARGON2_OPTIONS);
  });
}

export interface PasswordCheck {
  matches: boolean;
  /** The hash is of an older scheme or weaker setting: store a new one once the password matched. */
  outdated: boolean;
}

/** Whether a stored hash is weaker than what hashPassword writes now. */
export function isOutdated(stored: string): boolean {
  if (!isArgon2Hash(stored)) return true;
  try {
    const { algorithm, memoryCost, timeCost, parallelism } = parseOptions(stored);
    return (
      algorithm !== ARGON2ID ||
      memoryCost < ARGON2_OPTIONS.memoryCost ||
      timeCost < ARGON2_OPTIONS.timeCost ||
      parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}

export async function checkPassword(password: string, stored: string): Promise<PasswordCheck> {
  const outdated = isOutdated(stored);
  if (isScryptHash(stored))
    return { matches: await gate.run(() => scryptVerify(password, stored)), outdated };
  if (!isArgon2Hash(stored)) return { matches: false, outdated };
  try {
    return { matches: await gate.run(() => verify(stored, password.normalize('NFKC'))), outdated };
  } catch (error) {
    // A malformed stored hash is a refusal, not a 500; a full queue is the gate's 503.
    if (error instanceof HashingBusyError) throw error;
    return { matches: false, outdated };
  }
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await checkPassword(password, stored)).matches;
}

/**
 * After a password matched an outdated hash: the same password hashed as hashPassword hashes now,
 * and saved. A failure is logged and the sign-in goes on (the next one tries again).
 */
export async function replaceOutdatedHash(
  password: string,
  save: (passwordHash: string) => Promise<unknown>,
  logger?: Logger,
): Promise<void> {
  try {
    await save(await hashPassword(password));
  } catch (error) {
    logger?.warn({ err: error }, 'could not replace an outdated password hash');
  }
}

/** A hash of a random password, verified against when the e-mail is unknown so that timing tells nothing. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
