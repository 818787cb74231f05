import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// The scheme every password was hashed with before Argon2id: scrypt N=2^17, r=8, p=1, 64-byte key,
// stored as `scrypt$N$r$p$salt$key`. Kept to verify the hashes written then; a successful sign-in
// replaces one with an Argon2id hash (passwords.ts). `scryptHash` makes such hashes for the tests
// of that upgrade and for the hashing benchmark, never for a new password.

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export const isScryptHash = (stored: string) => stored.startsWith('scrypt$');

export async function scryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function scryptVerify(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
