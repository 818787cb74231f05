import { checkPassword, hashPassword, isOutdated, verifyPassword } from './passwords';
import { scryptHash } from './scrypt-hash';

describe('password hashing', () => {
  it('hashes with Argon2id at OWASP settings (m = 19 MiB, t = 2, p = 1), verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword('correct horse battery', hash)).resolves.toBe(true);
    await expect(verifyPassword('wrong horse battery', hash)).resolves.toBe(false);
    expect(isOutdated(hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('reads a password the same whatever its Unicode form (NFKC)', async () => {
    const hash = await hashPassword('caf\u00e9 au lait');
    await expect(verifyPassword('cafe\u0301 au lait', hash)).resolves.toBe(true);
  });

  it('still verifies the scrypt hashes written before, and calls them outdated', async () => {
    const old = await scryptHash('correct horse battery');
    expect(old.startsWith('scrypt$131072$8$1$')).toBe(true);
    await expect(checkPassword('correct horse battery', old)).resolves.toEqual({
      matches: true,
      outdated: true,
    });
    await expect(checkPassword('wrong horse battery', old)).resolves.toEqual({
      matches: false,
      outdated: true,
    });
    // scrypt is 0.4 s of a core a hash, more on a busy machine.
  }, 30_000);

  it('calls an Argon2 hash below the current setting outdated', () => {
    const weaker =
      '$argon2id$v=19$m=4096,t=3,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';
    expect(isOutdated(weaker)).toBe(true);
    expect(
      isOutdated(
        '$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
      ),
    ).toBe(true);
  });

  it('rejects a malformed stored hash instead of throwing', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('x', '$argon2id$garbage')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$1$2')).resolves.toBe(false);
  });
});
