import fs from 'node:fs';
import path from 'node:path';
import { type FirstView, firstViewScript } from '@agentry/domain/first-view';
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
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`${file} has no ${ROOT_ELEMENT} for the app`);
  return html;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * A page with its first view (issue 25): the server's rendering of it inside the app's root
 * element (client/src/entry-server.tsx; the browser hydrates it), and the answers it was rendered
 * with (domain/src/first-view.ts) after it, for the browser's first render to match.
 */
export function withFirstView(html: string, view: FirstView | null, rendered: string | null = null): string {
  if (!view) return html;
  const at = html.indexOf(ROOT_ELEMENT);
  const root = rendered === null ? ROOT_ELEMENT : `<div id="root">${rendered}</div>`;
  return `${html.slice(0, at)}${root}${firstViewScript(view)}${html.slice(at + ROOT_ELEMENT.length)}`;
}

/**
 * <link rel="modulepreload"> and stylesheets for a lazy route's module and what it imports,
 * from the build's manifest (client/dist/.vite/manifest.json), so that the browser fetches them
 * with the page instead of after the entry has run. Empty without a manifest.
 */
export function routePreloads(clientDist: string, source: string): string {
  const file = path.join(clientDist, '.vite/manifest.json');
  if (!fs.existsSync(file)) return '';
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<
    string,
    { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
  >;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [
    // As stylesheets, which Vite's loader then finds in place and does not add again (a preload
    // would leave the page painting without them until the route module ran).
    ...[...styles].map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
    ...[...scripts].map((js) => `<link rel="modulepreload" crossorigin href="/${js}">`),
  ].join('');
}

/** The page with `links` at the end of its head. */
export function withHeadLinks(html: string, links: string): string {
  return links ? html.replace('</head>', `${links}</head>`) : html;
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
