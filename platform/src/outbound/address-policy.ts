import { BlockList, isIP } from 'node:net';

// Which addresses the site may call when it visits a listing's website (link checks, domain
// proofs). An address typed by a stranger must not make our server reach into its own network
// (SSRF): the name is resolved first, and every address it resolves to must be a public one, or
// nothing is sent. Loopback is let through only where a test says so (OUTBOUND_ALLOW_LOOPBACK,
// refused in production by the config), and even then private ranges stay closed.

/** Ranges no public website lives in (IANA special-purpose registries, IPv4 and IPv6). */
const NOT_PUBLIC_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local (cloud metadata lives at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
];
const LOOPBACK_V4: [string, number] = ['127.0.0.0', 8];

const NOT_PUBLIC_V6: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo and others)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: wraps an IPv4 address we would not see
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];
const LOOPBACK_V6: [string, number] = ['::1', 128];

function blockList(v4: Array<[string, number]>, v6: Array<[string, number]>): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of v4) list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of v6) list.addSubnet(address, prefix, 'ipv6');
  return list;
}

const notPublic = blockList(NOT_PUBLIC_V4, NOT_PUBLIC_V6);
const loopback = blockList([LOOPBACK_V4], [LOOPBACK_V6]);

export interface AddressPolicy {
  /** Loopback (127.0.0.0/8, ::1) may be called: tests' local servers only. */
  allowLoopback: boolean;
}

/**
 * The IPv4 address an IPv6 one carries (::ffff:a.b.c.d mapped, ::a.b.c.d compatible, and the
 * NAT64 prefix 64:ff9b::/96), which is the one that would really be reached; null when none.
 */
export function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** May the site call this address? Only an IP literal is judged; anything else is refused. */
export function isCallableAddress(address: string, policy: AddressPolicy): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner !== null) return isCallableAddress(inner, policy);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(address, type)) return policy.allowLoopback;
  return !notPublic.check(address, type);
}
