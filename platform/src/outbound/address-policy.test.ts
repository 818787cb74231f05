import { embeddedIpv4, isCallableAddress } from './address-policy';

const production = { allowLoopback: false };
const tests = { allowLoopback: true };

describe('which addresses the site may call', () => {
  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    '2a00:1450:4001:80e::200e',
  ])('lets a public address through: %s', (address) => {
    expect(isCallableAddress(address, production)).toBe(true);
  });

  it.each([
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::',
    'ff02::1',
    '2001:db8::1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
  ])('refuses a private, link-local or reserved address: %s', (address) => {
    expect(isCallableAddress(address, production)).toBe(false);
    expect(isCallableAddress(address, tests)).toBe(false);
  });

  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])(
    'refuses loopback in production and allows it only when tests say so: %s',
    (address) => {
      expect(isCallableAddress(address, production)).toBe(false);
      expect(isCallableAddress(address, tests)).toBe(true);
    },
  );

  it('refuses what is not an address at all (a name must be resolved first)', () => {
    expect(isCallableAddress('localhost', tests)).toBe(false);
    expect(isCallableAddress('example.com', production)).toBe(false);
  });

  it('reads the IPv4 address an IPv6 address carries', () => {
    expect(embeddedIpv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('::ffff:c0a8:1')).toBe('192.168.0.1');
    expect(embeddedIpv4('2001:db8::1')).toBeNull();
  });
});
