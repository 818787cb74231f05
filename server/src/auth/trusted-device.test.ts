import type { Request, Response } from 'express';
import { DEVICE_COOKIE_MAX_AGE_MS, TrustedDevices } from './trusted-device';

const SECRET = 's'.repeat(48);

/** What res.cookie() set, read back as a request to the sign-in would carry it. */
function issue(devices: TrustedDevices, kind: 'user' | 'admin', account: string) {
  let set: { name: string; value: string; options: Record<string, unknown> } | undefined;
  const res = {
    cookie: (name: string, value: string, options: Record<string, unknown>) => {
      set = { name, value, options };
    },
  } as unknown as Response;
  devices.remember(res, kind, account);
  return set!;
}
const requestWith = (cookie: string) => ({ headers: { cookie } }) as Request;

describe('TrustedDevices', () => {
  let clock = 1_700_000_000_000;
  const devices = () => new TrustedDevices(SECRET, true, () => clock);

  it('recognises its cookie for the account it was issued for, and for no other account or form', () => {
    const { name, value, options } = issue(devices(), 'user', 'ada@example.com');
    expect(name).toBe('agentry.device');
    expect(options).toMatchObject({
      path: '/api/auth/login',
      httpOnly: true,
      sameSite: 'strict',
      secure: true,
    });
    const req = requestWith(`agentry.sid=abc; ${name}=${value}`);
    expect(devices().deviceOf(req, 'user', 'ada@example.com')).toEqual(expect.any(String));
    expect(devices().deviceOf(req, 'user', 'grace@example.com')).toBeNull();
    expect(
      devices().deviceOf(requestWith(`agentry.admin-device=${value}`), 'admin', 'ada@example.com'),
    ).toBeNull();
  });

  it('refuses a cookie signed with another secret, changed, or older than 90 days', () => {
    const { name, value } = issue(devices(), 'admin', 'staff');
    const other = new TrustedDevices('t'.repeat(48), true, () => clock);
    expect(other.deviceOf(requestWith(`${name}=${value}`), 'admin', 'staff')).toBeNull();
    const [issued, id, mac] = value.split('.');
    expect(devices().deviceOf(requestWith(`${name}=${issued}.${id}x.${mac}`), 'admin', 'staff')).toBeNull();
    expect(
      devices().deviceOf(requestWith(`${name}=${Number(issued) + 1}.${id}.${mac}`), 'admin', 'staff'),
    ).toBeNull();
    expect(devices().deviceOf(requestWith(`${name}=garbage`), 'admin', 'staff')).toBeNull();
    clock += DEVICE_COOKIE_MAX_AGE_MS - 1_000;
    expect(devices().deviceOf(requestWith(`${name}=${value}`), 'admin', 'staff')).toEqual(expect.any(String));
    clock += 2_000;
    expect(devices().deviceOf(requestWith(`${name}=${value}`), 'admin', 'staff')).toBeNull();
  });
});
