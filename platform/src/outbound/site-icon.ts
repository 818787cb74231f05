import { createHash } from 'node:crypto';
import { decodeEntities } from '@agentry/domain/html-entities';
import { checkLogo, LOGO_MAX_BYTES, type LogoType } from '@agentry/domain/logo-image';
import { type FetchOptions, fetchPage } from './fetch-page';

// A website's icon, for the listing's logo (issue 25): the link checker reads the head of the page
// it visits anyway, takes the icons the page names (apple-touch-icon first, as it is the largest;
// then rel="icon", largest first; SVG skipped) and /favicon.ico last, and fetches them in that order
// until one is a picture we keep (domain/logo-image.ts: by its first bytes, at most 100 kB and
// 1024 px a side). At most ICON_TRIES fetches a page, each through the same guard as the page
// (public addresses only, pinned, within the deadline, taking the host's turn).

/** How much of the page is read for its <link> tags: heads are small, and a tag past this is not looked for. */
export const PAGE_HEAD_BYTES = 64 * 1024;

/** Icons tried for one page at most (the page's first choices, then /favicon.ico). */
export const ICON_TRIES = 3;

const ICON_ACCEPT = 'image/png,image/webp,image/jpeg,image/gif,image/x-icon;q=0.9,image/*;q=0.5';

export interface SiteIcon {
  url: string;
  hash: string;
  content_type: LogoType;
  bytes: Buffer;
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /([a-zA-Z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
  for (let match = pattern.exec(tag); match; match = pattern.exec(tag))
    found.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  return found;
}

/** The largest side a sizes attribute states ("any" and nothing count as 0). */
function statedSize(sizes: string | undefined): number {
  let largest = 0;
  for (const size of (sizes ?? '').toLowerCase().split(/\s+/)) {
    const match = /^(\d+)x(\d+)$/.exec(size);
    if (match) largest = Math.max(largest, Number(match[1]), Number(match[2]));
  }
  return largest;
}

/** The icons a page names, best first, as absolute http(s) URLs, then /favicon.ico; at most ICON_TRIES. */
export function iconCandidates(html: string, pageUrl: string): string[] {
  const named: Array<{ url: string; rank: number; size: number }> = [];
  for (const [tag] of html.slice(0, PAGE_HEAD_BYTES).matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    const touch = rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed');
    if (!touch && !rel.includes('icon')) continue;
    const href = attrs.get('href');
    const type = (attrs.get('type') ?? '').toLowerCase();
    if (!href || type.includes('svg') || /\.svgz?(?:[?#]|$)/i.test(href)) continue;
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    named.push({ url: url.href, rank: touch ? 0 : 1, size: statedSize(attrs.get('sizes')) });
  }
  named.sort((a, b) => a.rank - b.rank || b.size - a.size);
  // The page's first choices, and /favicon.ico whatever the page named.
  const favicon = new URL('/favicon.ico', pageUrl).href;
  const firsts = [...new Set(named.map((icon) => icon.url))].filter((url) => url !== favicon);
  return [...firsts.slice(0, ICON_TRIES - 1), favicon];
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A text or SVG answer is no icon, whatever its first bytes: only pictures (or an unnamed type) are read. */
function pictureType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type === '' || type === 'application/octet-stream' || (type.startsWith('image/') && !type.includes('svg'))
  );
}

/**
 * The first of `candidates` that is a picture we keep, fetched through `options` (the caller's
 * guard, deadline and politeness); `allowed` says whether robots.txt lets us fetch a URL. Null when
 * none is.
 */
export async function fetchSiteIcon(
  candidates: string[],
  options: Omit<FetchOptions, 'maxBodyBytes' | 'accept'>,
  allowed: (url: URL) => Promise<boolean>,
): Promise<SiteIcon | null> {
  for (const candidate of candidates.slice(0, ICON_TRIES)) {
    if (options.signal?.aborted) return null;
    if (!(await allowed(new URL(candidate)))) continue;
    const answer = await fetchPage(candidate, {
      ...options,
      maxBodyBytes: LOGO_MAX_BYTES + 1,
      accept: ICON_ACCEPT,
    });
    if (!answer.ok || answer.status < 200 || answer.status >= 300 || !pictureType(answer.contentType))
      continue;
    const checked = checkLogo(answer.bytes);
    if (!checked.ok) continue;
    return {
      url: answer.url,
      hash: hashOf(answer.bytes),
      content_type: checked.image.type,
      bytes: answer.bytes,
    };
  }
  return null;
}

/**
 * What the icons of a page came to lately, by its candidates (the many listings of one site name
 * the same ones: fetched once a day, not once a listing), at most `max` entries, for `ttlMs`.
 */
export class IconCache {
  private readonly entries = new Map<string, { icon: SiteIcon | null; until: number }>();

  constructor(
    private readonly ttlMs = 24 * 60 * 60 * 1000,
    private readonly max = 200,
    private readonly now: () => number = Date.now,
  ) {}

  get(url: string): SiteIcon | null | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.icon;
    this.entries.delete(url);
    return undefined;
  }

  set(url: string, icon: SiteIcon | null): void {
    this.entries.delete(url);
    this.entries.set(url, { icon, until: this.now() + this.ttlMs });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}
