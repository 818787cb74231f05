import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { SEO_REGION_END, SEO_REGION_START } from '@agentry/domain/seo';

// A tiny stand-in for client/dist (index.html with the SEO region, a hashed bundle, a favicon), so
// the web routes can be tested without `npm run build`.

export const FAKE_BUNDLE = '/assets/index-Ab12Cd34.js';

export function createFakeClientDist(): { dir: string; remove(): void } {
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
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
