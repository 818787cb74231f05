import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { SEO_REGION_END, SEO_REGION_START } from '@agentry/domain/seo';

// A tiny stand-in for client/dist (index.html with the SEO region, a hashed bundle, a favicon), so
// the web routes can be tested without `npm run build`.

export const FAKE_BUNDLE = '/assets/index-Ab12Cd34.js';

/**
 * With `serverRender`, also the build's server rendering (client/dist/.ssr/, entry-server.tsx) as a
 * stand-in that names what it was given (and fails for a URL with "render-fails" in it), and the
 * manifest naming the agent page's lazy module.
 */
export function createFakeClientDist(options: { serverRender?: boolean } = {}): {
  dir: string;
  remove(): void;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="utf-8" />',
      SEO_REGION_START,
      '<title>Build-time title</title>',
      SEO_REGION_END,
      `<script type="module" crossorigin src="${FAKE_BUNDLE}"></script>`,
      '</head>',
      '<body><div id="root"></div></body>',
      '</html>',
    ].join('\n'),
  );
  const bundle = 'console.log("agentry");\n';
  fs.writeFileSync(path.join(dir, FAKE_BUNDLE), bundle);
  // The build writes compressed copies beside each bundle (client/vite.config.ts).
  fs.writeFileSync(path.join(dir, `${FAKE_BUNDLE}.br`), brotliCompressSync(bundle));
  fs.writeFileSync(path.join(dir, `${FAKE_BUNDLE}.gz`), gzipSync(bundle));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>\n');
  if (options.serverRender) {
    fs.mkdirSync(path.join(dir, '.ssr'));
    fs.writeFileSync(
      path.join(dir, '.ssr', 'entry-server.cjs'),
      `exports.render = async (url, view) => {
  if (url.includes('render-fails')) throw new Error('cannot render');
  const address = new URL(url);
  return '<p id="rendered">' + address.pathname + address.search + ' with ' + Object.keys(view.reads).sort().join(' ') + (view.search ? ' and a search' : '') + '</p>';
};\n`,
    );
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/app/routes/agent.tsx': {
          file: 'assets/agent-Zz99.js',
          css: ['assets/agent-Zz99.css'],
          imports: ['_shared-Yy88.js'],
        },
        '_shared-Yy88.js': { file: 'assets/shared-Yy88.js' },
      }),
    );
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
