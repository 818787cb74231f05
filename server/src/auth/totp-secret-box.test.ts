import { TotpSecretBox } from './totp-secret-box';

describe('TotpSecretBox', () => {
  const box = new TotpSecretBox('s'.repeat(48));

  it('seals a secret so that the stored value does not show it, and opens it again', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('opens nothing sealed under another SESSION_SECRET, changed, or malformed', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(new TotpSecretBox('t'.repeat(48)).open(sealed)).toBeNull();
    const [version, iv, data, tag] = sealed.split('.');
    const flipped = `${data!.slice(0, -2)}${data!.endsWith('A') ? 'B' : 'A'}${data!.slice(-1)}`;
    expect(box.open([version, iv, flipped, tag].join('.'))).toBeNull();
    expect(box.open('v2.a.b.c')).toBeNull();
    expect(box.open('not sealed')).toBeNull();
  });
});
