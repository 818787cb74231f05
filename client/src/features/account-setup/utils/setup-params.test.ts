import { readSetupParams } from './setup-params';

describe('readSetupParams', () => {
  it('takes the e-mail handed over by the registration form (navigation state) as given, read-only', () => {
    expect(readSetupParams({ email: 'ada@example.com' }, new URLSearchParams('email=b@example.com'))).toEqual(
      {
        givenEmail: 'ada@example.com',
        prefillEmail: 'ada@example.com',
        upgrade: false,
        registrationMessage: null,
      },
    );
  });

  it('only fills in, editable, an e-mail that comes in the link (?email=): a link can carry any address', () => {
    expect(readSetupParams(null, new URLSearchParams('email=ada%40example.com'))).toEqual({
      givenEmail: null,
      prefillEmail: 'ada@example.com',
      upgrade: false,
      registrationMessage: null,
    });
  });

  it('leaves a malformed or missing e-mail to be typed', () => {
    expect(readSetupParams({ email: 'nope' }, new URLSearchParams()).givenEmail).toBeNull();
    expect(readSetupParams(undefined, new URLSearchParams()).prefillEmail).toBe('');
  });

  it("reads the registration's word on the agent from the navigation state only, never from the link", () => {
    const said = 'Your agent is held until you confirm your e-mail address.';
    expect(readSetupParams({ message: `  ${said} ` }, new URLSearchParams()).registrationMessage).toBe(said);
    expect(
      readSetupParams(null, new URLSearchParams(`message=${encodeURIComponent(said)}`)).registrationMessage,
    ).toBeNull();
    expect(readSetupParams({ message: '   ' }, new URLSearchParams()).registrationMessage).toBeNull();
  });

  it("reads state mode 'upgrade'", () => {
    expect(readSetupParams({ mode: 'upgrade' }, new URLSearchParams()).upgrade).toBe(true);
    expect(readSetupParams(null, new URLSearchParams('mode=upgrade')).upgrade).toBe(false);
  });
});
