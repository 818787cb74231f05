import fs from 'node:fs';
import path from 'node:path';
import {
  type PageMeta,
  renderHeadTags,
  replaceSeoRegion,
  SEO_REGION_END,
  SEO_REGION_START,
} from '@agentry/domain/seo';

// The built index.html, read once at start (a new build comes with a restart, as its asset names
// change), and filled per page: the SEO region gets the page's tags for crawlers that run no script.

export function readIndexTemplate(clientDist: string): string {
  const file = path.join(clientDist, 'index.html');
  if (!fs.existsSync(file)) throw new Error(`No client build at ${file}: run \`npm run build\` first`);
  const html = fs.readFileSync(file, 'utf8');
  if (!html.includes(SEO_REGION_START) || !html.includes(SEO_REGION_END)) {
    throw new Error(`${file} has no ${SEO_REGION_START}…${SEO_REGION_END} region for page meta`);
  }
  return html;
}

/** index.html with the page's tags in the SEO region. Every value is escaped by renderHeadTags. */
export function renderPageHtml(
  template: string,
  meta: PageMeta,
  origin: string,
  options: { noindex?: boolean } = {},
): string {
  return replaceSeoRegion(
    template,
    renderHeadTags(options.noindex ? { ...meta, noindex: true } : meta, origin),
  );
}
