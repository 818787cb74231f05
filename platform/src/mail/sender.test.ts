import { newMessageId, parseSender } from './sender';

describe('parseSender', () => {
  it('splits a display name from the address', () => {
    expect(parseSender('Agentry <no-reply@agentry.local>')).toEqual({
      name: 'Agentry',
      address: 'no-reply@agentry.local',
    });
    expect(parseSender('"Agentry Support" <help@agentry.example>')).toEqual({
      name: 'Agentry Support',
      address: 'help@agentry.example',
    });
  });

  it('reads a bare address as one without a name', () => {
    expect(parseSender(' no-reply@agentry.local ')).toEqual({ name: '', address: 'no-reply@agentry.local' });
  });

  it('refuses anything that is not one address', () => {
    expect(() => parseSender('Agentry')).toThrow(/MAIL_FROM is not one address/);
    expect(() => parseSender('a@example.com b@example.com')).toThrow(/MAIL_FROM is not one address/);
  });
});

describe('newMessageId', () => {
  it('makes a new angle-bracketed id on the sender domain each time', () => {
    const sender = parseSender('Agentry <no-reply@agentry.local>');
    const first = newMessageId(sender);
    expect(first).toMatch(/^<[0-9a-f-]{36}@agentry\.local>$/);
    expect(newMessageId(sender)).not.toBe(first);
  });
});
