// Agent logos (issue 25): the site's icon fetched by the link checker, or a picture its provider
// uploads, stored and served by us (never hot-linked). Only raster pictures are kept, told by their
// first bytes (whatever the sender's Content-Type says), at most LOGO_MAX_BYTES and LOGO_MAX_SIDE
// pixels a side: SVG can carry script and is refused, and a small file that claims a huge picture
// would cost a visitor's phone its memory. The same rules for both ways in, client and server.

/** The most bytes a logo may have. */
export const LOGO_MAX_BYTES = 100_000;

/** The most pixels a logo may have on either side. */
export const LOGO_MAX_SIDE = 1024;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon', 'image/gif'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** A picture as its bytes say: its type and size in pixels. */
export interface LogoImage {
  type: LogoType;
  width: number;
  height: number;
}

export const LOGO_TOO_LARGE_MESSAGE = `The logo is too large: at most ${LOGO_MAX_BYTES / 1000} kB.`;
export const LOGO_UNREADABLE_MESSAGE =
  'The logo must be a PNG, JPEG, WebP, GIF or ICO picture (SVG is not accepted).';
export const LOGO_TOO_WIDE_MESSAGE = `The logo must be at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels.`;

/** Where a stored logo is served: its content's hash names it, so the address never serves other bytes. */
export const logoPath = (hash: string): string => `/api/logos/${hash}`;

/** A logo's name: the SHA-256 of its bytes, in lower-case hex. */
export const LOGO_HASH = /^[0-9a-f]{64}$/;

const u16be = (bytes: Uint8Array, at: number) => ((bytes[at]! << 8) | bytes[at + 1]!) >>> 0;
const u16le = (bytes: Uint8Array, at: number) => (bytes[at]! | (bytes[at + 1]! << 8)) >>> 0;
const u24le = (bytes: Uint8Array, at: number) => (u16le(bytes, at) | (bytes[at + 2]! << 16)) >>> 0;
const u32be = (bytes: Uint8Array, at: number) => (u16be(bytes, at) * 65536 + u16be(bytes, at + 2)) >>> 0;
const u32le = (bytes: Uint8Array, at: number) => (u16le(bytes, at) + u16le(bytes, at + 2) * 65536) >>> 0;

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function png(bytes: Uint8Array): LogoImage | null {
  // Signature, then the IHDR chunk: length 13, type, width, height (big-endian).
  if (!startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || bytes.length < 24) return null;
  if (!startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return null;
  return { type: 'image/png', width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

function gif(bytes: Uint8Array): LogoImage | null {
  if (
    !(
      startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
      startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
    )
  )
    return null;
  if (bytes.length < 10) return null;
  return { type: 'image/gif', width: u16le(bytes, 6), height: u16le(bytes, 8) };
}

function jpeg(bytes: Uint8Array): LogoImage | null {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff])) return null;
  // Walk the segments to the first start-of-frame marker, which holds the size.
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = u16be(bytes, at + 2);
    const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frame) return { type: 'image/jpeg', width: u16be(bytes, at + 7), height: u16be(bytes, at + 5) };
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

function webp(bytes: Uint8Array): LogoImage | null {
  if (!startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) || !startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return null;
  if (bytes.length < 30) return null;
  const chunk = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
  if (chunk === 'VP8X')
    return { type: 'image/webp', width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  if (chunk === 'VP8 ')
    return { type: 'image/webp', width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = u32le(bytes, 21);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

function ico(bytes: Uint8Array): LogoImage | null {
  // Reserved 0, type 1 (icon), a count, then 16-byte entries whose width and height 0 mean 256.
  if (!startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return null;
  const count = u16le(bytes, 4);
  if (count === 0 || bytes.length < 6 + count * 16) return null;
  let width = 0;
  let height = 0;
  for (let entry = 0; entry < count; entry += 1) {
    const at = 6 + entry * 16;
    width = Math.max(width, bytes[at] || 256);
    height = Math.max(height, bytes[at + 1] || 256);
  }
  return { type: 'image/x-icon', width, height };
}

/** What the bytes are, by their signature: a raster type we keep and its size, or null (SVG, HTML, anything else). */
export function readLogoImage(bytes: Uint8Array): LogoImage | null {
  for (const read of [png, jpeg, webp, gif, ico]) {
    const image = read(bytes);
    if (image) return image.width > 0 && image.height > 0 ? image : null;
  }
  return null;
}

/** Why these bytes cannot be a logo (the message to show), or the picture they are. */
export function checkLogo(
  bytes: Uint8Array,
): { ok: true; image: LogoImage } | { ok: false; message: string } {
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, message: LOGO_TOO_LARGE_MESSAGE };
  const image = readLogoImage(bytes);
  if (!image) return { ok: false, message: LOGO_UNREADABLE_MESSAGE };
  if (image.width > LOGO_MAX_SIDE || image.height > LOGO_MAX_SIDE)
    return { ok: false, message: LOGO_TOO_WIDE_MESSAGE };
  return { ok: true, image };
}
