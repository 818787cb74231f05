import { readSetupParams } from './setup-params';

describe('readSetupParams', () => {
  it('takes the e-mail from the navigation state first', () => {
    expect(readSetupParams({ email: 'ada@example.com' }, new URLSearchParams('email=b@example.com'))).toEqual(
      {
        givenEmail: 'ada@example.com',
        upgrade: false,
      },
    );
  });

  it('falls back to ?email= so a reload keeps it', () => {
    expect(readSetupParams(null, new URLSearchParams('email=ada%40example.com')).givenEmail).toBe(
      'ada@example.com',
    );
  });

  it('leaves a malformed or missing e-mail to be typed', () => {
    expect(readSetupParams(null, new URLSearchParams('email=nope')).givenEmail).toBeNull();
    expect(readSetupParams(undefined, new URLSearchParams()).givenEmail).toBeNull();
  });

  it("reads state mode 'upgrade'", () => {
    expect(readSetupParams({ mode: 'upgrade' }, new URLSearchParams()).upgrade).toBe(true);
    expect(readSetupParams(null, new URLSearchParams('mode=upgrade')).upgrade).toBe(false);
  });
});
