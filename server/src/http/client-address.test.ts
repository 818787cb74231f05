import { clientAddressKey } from './client-address';

describe('the key of a client address', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts the addresses of one IPv6 /56 block as one client, and another block apart', () => {
    const block = [
      '2001:db8:1:ab00::1',
      '2001:db8:1:ab00::2',
      '2001:db8:1:abff:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:ab12:0:0:0:9',
    ].map(clientAddressKey);
    expect(new Set(block)).toEqual(new Set(['2001:db8:1:ab00::/56']));
    expect(clientAddressKey('2001:db8:1:ac00::1')).toBe('2001:db8:1:ac00::/56');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8::/56');
  });

  it('reads an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:c000:207')).toBe('192.0.2.7');
  });

  it('drops a zone and keeps what is no address as it came', () => {
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80::/56');
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('')).toBe('unknown');
    expect(clientAddressKey('not an address')).toBe('not an address');
  });
});
