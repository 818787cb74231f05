import {
  looksLikeTotpCode,
  newRecoveryCodes,
  newTotpEnrolment,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  totpCodeAt,
  totpStepOf,
} from './totp';

// RFC 6238 test vector: the ASCII secret "12345678901234567890" (base32 below), SHA-1, 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('gives the RFC 6238 codes for the RFC secret', async () => {
    // The RFC lists 8-digit codes; the last 6 digits are the 6-digit ones.
    expect(await totpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(await totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(await totpCodeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
  });

  it('accepts a code for its step and one step either side, with spaces or a dash, and names the step', async () => {
    const at = 1_234_567_890_000;
    const code = await totpCodeAt(RFC_SECRET, at);
    const step = Math.floor(at / 30_000);
    expect(await totpStepOf(RFC_SECRET, code, at, null)).toBe(step);
    expect(await totpStepOf(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, at + 30_000, null)).toBe(
      step,
    );
    expect(await totpStepOf(RFC_SECRET, `${code.slice(0, 3)}-${code.slice(3)}`, at - 30_000, null)).toBe(
      step,
    );
    expect(await totpStepOf(RFC_SECRET, code, at + 90_000, null)).toBeNull();
    expect(await totpStepOf(RFC_SECRET, 'abcdef', at, null)).toBeNull();
  });

  it('refuses a code whose step is not after the last one used (a replay)', async () => {
    const at = 1_234_567_890_000;
    const code = await totpCodeAt(RFC_SECRET, at);
    const step = Math.floor(at / 30_000);
    expect(await totpStepOf(RFC_SECRET, code, at, step)).toBeNull();
    expect(await totpStepOf(RFC_SECRET, code, at, step - 1)).toBe(step);
  });

  it('makes an otpauth URI naming the issuer and the admin, and a base32 secret of 160 bits', () => {
    const { secret, uri } = newTotpEnrolment('staff');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Rolecall:staff?secret=${secret}&issuer=Rolecall`);
    expect(newTotpEnrolment('staff').secret).not.toBe(secret);
  });

  it('makes ten different recovery codes and hashes them however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    expect(recoveryCodeHash(' ABCDE-FGHJK ')).toBe(recoveryCodeHash('abcdefghjk'));
    expect(recoveryCodeHash('abcdefghjk')).not.toBe(recoveryCodeHash('abcdefghjm'));
    expect(looksLikeTotpCode('123 456')).toBe(true);
    expect(looksLikeTotpCode(codes[0]!)).toBe(false);
  });
});
