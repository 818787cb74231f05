import type { SiteCheckOutcome } from '@agentry/domain/site-check';
import type { FetchFailure, FetchOptions, FetchResult } from './fetch-page';
import { fetchPage } from './fetch-page';
import { ALLOW_ALL, isAllowed, parseRobots, ROBOTS_MAX_BYTES, type RobotsRules } from './robots';
import { fetchSiteIcon, type IconCache, iconCandidates, PAGE_HEAD_BYTES, type SiteIcon } from './site-icon';

// One link check of a listing's website: the site's robots.txt first (kept a day per origin), then,
// if robots may fetch the page, a GET of the address itself, redirects followed to a limit. What
// it finds is an outcome (domain/site-check.ts); a down outcome says which failure it was.

export interface SiteCheck {
  outcome: SiteCheckOutcome;
  http_status: number | null;
  /** Where the redirects ended, when they went elsewhere. */
  final_url: string | null;
  detail: string | null;
  /** The site's icon, when asked for (options.icons) and the page answered with one; else null. */
  icon?: SiteIcon | null;
}

/** The page's status says the site is there, or not: gone (404, 410) and server errors count as down. */
export function isDownStatus(status: number): boolean {
  return status === 404 || status === 410 || status >= 500;
}

const FAILURE_OUTCOMES: Record<FetchFailure, SiteCheckOutcome> = {
  invalid_url: 'invalid_url',
  dns: 'dns',
  dns_unavailable: 'inconclusive',
  blocked: 'blocked',
  refused: 'refused',
  timeout: 'timeout',
  too_many_redirects: 'too_many_redirects',
  tls: 'tls',
  reset: 'reset',
  error: 'error',
};

const failed = (result: Extract<FetchResult, { ok: false }>): SiteCheck => ({
  outcome: FAILURE_OUTCOMES[result.failure],
  http_status: null,
  final_url: null,
  detail: result.detail ?? null,
});

/** robots.txt rules per origin, for a day, at most `max` origins (the oldest forgotten first). */
export class RobotsCache {
  private readonly entries = new Map<string, { rules: RobotsRules; until: number }>();

  constructor(
    private readonly ttlMs = 24 * 60 * 60 * 1000,
    private readonly max = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(origin: string): RobotsRules | undefined {
    const entry = this.entries.get(origin);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.rules;
    this.entries.delete(origin);
    return undefined;
  }

  set(origin: string, rules: RobotsRules): void {
    this.entries.delete(origin);
    this.entries.set(origin, { rules, until: this.now() + this.ttlMs });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

export interface CheckOptions extends Omit<FetchOptions, 'maxBodyBytes'> {
  robots: RobotsCache;
  /** The product token robots.txt groups are matched against (e.g. AgentryLinkChecker). */
  robotsToken: string;
  /** Look for the site's icon too (issue 25), remembering what each page's icons came to. */
  icons?: IconCache;
}

/**
 * The rules of the address's origin, or the outcome that settles the check when robots.txt
 * cannot be read: a connection failure is the site's answer (it is down), a 5xx too (RFC 9309
 * asks robots to stay away then; the site is erroring), a 4xx means no rules.
 */
async function robotsFor(url: URL, options: CheckOptions): Promise<RobotsRules | SiteCheck> {
  const cached = options.robots.get(url.origin);
  if (cached) return cached;
  const answer = await fetchPage(`${url.origin}/robots.txt`, { ...options, maxBodyBytes: ROBOTS_MAX_BYTES });
  if (!answer.ok) return failed(answer);
  if (answer.status >= 500)
    return { outcome: 'http_error', http_status: answer.status, final_url: null, detail: 'robots.txt' };
  const rules =
    answer.status >= 200 && answer.status < 300 ? parseRobots(answer.body, options.robotsToken) : ALLOW_ALL;
  options.robots.set(url.origin, rules);
  return rules;
}

export async function checkSite(address: string, options: CheckOptions): Promise<SiteCheck> {
  let url: URL;
  try {
    url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
  } catch {
    return { outcome: 'invalid_url', http_status: null, final_url: null, detail: null };
  }
  const rules = await robotsFor(url, options);
  if ('outcome' in rules) return rules;
  if (!isAllowed(rules, `${url.pathname}${url.search}`))
    return { outcome: 'disallowed', http_status: null, final_url: null, detail: null };
  const answer = await fetchPage(url.href, { ...options, maxBodyBytes: options.icons ? PAGE_HEAD_BYTES : 0 });
  if (!answer.ok) return failed(answer);
  const check: SiteCheck = {
    outcome: isDownStatus(answer.status) ? 'http_error' : 'answered',
    http_status: answer.status,
    final_url: answer.url === url.href ? null : answer.url,
    detail: null,
  };
  if (!options.icons || answer.status < 200 || answer.status >= 300) return check;
  return {
    ...check,
    icon: await iconOf(answer.url, answer.contentType.includes('html') ? answer.body : '', options),
  };
}

/** The icon of a page that answered: what its icons came to lately, else fetched now. */
async function iconOf(pageUrl: string, html: string, options: CheckOptions): Promise<SiteIcon | null> {
  const candidates = iconCandidates(html, pageUrl);
  const key = candidates.join(' ');
  const known = options.icons!.get(key);
  if (known !== undefined) return known;
  const icon = await fetchSiteIcon(candidates, options, async (iconUrl) => {
    const rules = await robotsFor(iconUrl, options);
    return !('outcome' in rules) && isAllowed(rules, `${iconUrl.pathname}${iconUrl.search}`);
  });
  // A shutdown cut it short: that says nothing of the site.
  if (!options.signal?.aborted) options.icons!.set(key, icon);
  return icon;
}
