import { isIPv4, isIPv6 } from 'node:net';

// Who a client is, by its address, for every per-client limit (rate limits, fair turns, the
// analytics' audience, open connections). An IPv4 address is one client. An IPv6 address is not:
// an ISP hands each customer a whole block (a /56 is common, a /64 the least: 2^64 addresses), so
// a client keyed by its full IPv6 address took a fresh budget of reads, writes, sign-in guesses and
// sign-ups with each address of its block (session 14's attack). A client's IPv6 addresses are
// therefore counted together by their first 56 bits, as express-rate-limit does by default; an
// IPv4 address written as IPv6 (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the IPv4
// address it carries, so one client is one key whichever way its address is written.

/** The bits of an IPv6 address that name one customer's block. */
export const IPV6_BLOCK_BITS = 56;

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  // A trailing IPv4 part (::ffff:192.0.2.1, 64:ff9b::192.0.2.1) is two groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    const tail = `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
    text = text.slice(0, dotted.index) + tail;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The key of a client's address: an IPv4 address as it is, an IPv6 address as its /56 block
 * (`2001:db8:1:ab00::/56`), an IPv4-mapped IPv6 address as its IPv4 address. Anything else (no
 * address: a socket already closed) is kept as it came, `unknown` when there is none.
 */
export function clientAddressKey(address: string | undefined | null): string {
  if (!address) return 'unknown';
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  const kept = groups.map((group, i) => {
    const bitsBefore = i * 16;
    if (bitsBefore >= IPV6_BLOCK_BITS) return 0;
    const keep = Math.min(16, IPV6_BLOCK_BITS - bitsBefore);
    return group & ((0xffff << (16 - keep)) & 0xffff);
  });
  // Written short: the trailing zero groups (all past the block) as `::`.
  let last = kept.length;
  while (last > 0 && kept[last - 1] === 0) last--;
  return `${kept
    .slice(0, last)
    .map((group) => group.toString(16))
    .join(':')}::/${IPV6_BLOCK_BITS}`;
}
