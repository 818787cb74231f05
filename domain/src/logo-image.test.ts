import {
  checkLogo,
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TOO_WIDE_MESSAGE,
  LOGO_UNREADABLE_MESSAGE,
  readLogoImage,
} from './logo-image';

// Pictures are told by their first bytes and their stated size, whatever a server or a browser
// says they are: the headers below are what each format begins with.

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];

const pngOf = (width: number, height: number) =>
  bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    be32(13),
    'IHDR',
    be32(width),
    be32(height),
    [8, 6, 0, 0, 0],
  );

describe('readLogoImage', () => {
  it('reads the type and size of PNG, GIF, JPEG, WebP and ICO headers', () => {
    expect(readLogoImage(pngOf(180, 120))).toEqual({ type: 'image/png', width: 180, height: 120 });
    expect(readLogoImage(bytes('GIF89a', le16(32), le16(16)))).toEqual({
      type: 'image/gif',
      width: 32,
      height: 16,
    });
    // SOI, an APP0 segment of 16 bytes, then SOF0: length, precision, height 48, width 64.
    const jpeg = bytes(
      [0xff, 0xd8, 0xff, 0xe0, 0, 16],
      new Array(14).fill(0),
      [0xff, 0xc0, 0, 17, 8, 0, 48, 0, 64, 3],
      new Array(12).fill(0),
    );
    expect(readLogoImage(jpeg)).toEqual({ type: 'image/jpeg', width: 64, height: 48 });
    const vp8x = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBP',
      'VP8X',
      [10, 0, 0, 0],
      [0, 0, 0, 0],
      [99, 0, 0],
      [49, 0, 0],
    );
    expect(readLogoImage(vp8x)).toEqual({ type: 'image/webp', width: 100, height: 50 });
    // Two entries: 16 × 16 and 0 × 0 (which means 256 × 256).
    const ico = bytes([0, 0, 1, 0], le16(2), [16, 16], new Array(14).fill(0), [0, 0], new Array(14).fill(0));
    expect(readLogoImage(ico)).toEqual({ type: 'image/x-icon', width: 256, height: 256 });
  });

  it('refuses SVG, HTML and anything else, and a picture of no size', () => {
    expect(
      readLogoImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(readLogoImage(bytes('<!doctype html><title>x</title>'))).toBeNull();
    expect(readLogoImage(bytes('GIF8'))).toBeNull();
    expect(readLogoImage(new Uint8Array())).toBeNull();
    expect(readLogoImage(pngOf(0, 10))).toBeNull();
  });
});

describe('checkLogo', () => {
  it('accepts a small raster picture', () => {
    expect(checkLogo(pngOf(64, 64))).toEqual({
      ok: true,
      image: { type: 'image/png', width: 64, height: 64 },
    });
  });

  it('says why it refuses: too many bytes, too many pixels, not a picture we keep', () => {
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(pngOf(64, 64));
    expect(checkLogo(big)).toEqual({ ok: false, message: LOGO_TOO_LARGE_MESSAGE });
    expect(checkLogo(pngOf(LOGO_MAX_SIDE + 1, 10))).toEqual({ ok: false, message: LOGO_TOO_WIDE_MESSAGE });
    expect(checkLogo(pngOf(30_000, 30_000))).toEqual({ ok: false, message: LOGO_TOO_WIDE_MESSAGE });
    expect(checkLogo(bytes('<svg/>'))).toEqual({ ok: false, message: LOGO_UNREADABLE_MESSAGE });
  });
});
