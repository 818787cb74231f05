import { absoluteUrl } from '@agentry/domain/seo';

// /robots.txt: crawl the public pages, not the API or the signed-in areas; the sitemap lists the rest.

export const DISALLOWED_PATHS = [
  '/api/',
  '/dashboard',
  '/employer-dashboard',
  '/employer/',
  '/compare',
  '/admin',
  '/rjs',
] as const;

export function renderRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
