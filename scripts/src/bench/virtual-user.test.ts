import { addressOf, CookieJar } from './virtual-user';

describe('CookieJar', () => {
  it('sends back the session cookie the API set, without its attributes', () => {
    const jar = new CookieJar();
    jar.take(['agentry.sid=s%3Aabc.def; Path=/; HttpOnly; SameSite=Lax']);
    expect(jar.header()).toBe('agentry.sid=s%3Aabc.def');
  });

  it('replaces a cookie when signing in gives a new session id', () => {
    const jar = new CookieJar();
    jar.take(['agentry.sid=old; Path=/']);
    jar.take(['agentry.sid=new; Path=/']);
    expect(jar.header()).toBe('agentry.sid=new');
  });

  it('forgets a cookie the API cleared at sign-out', () => {
    const jar = new CookieJar();
    jar.take(['agentry.sid=abc; Path=/']);
    jar.take(['agentry.sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.header()).toBeUndefined();
  });
});

describe('addressOf', () => {
  it('gives each person of a block their own address', () => {
    expect(addressOf(1, 0)).toBe('10.1.0.0');
    expect(addressOf(1, 300)).toBe('10.1.1.44');
    expect(new Set(Array.from({ length: 5000 }, (_, n) => addressOf(0, n))).size).toBe(5000);
  });
});
