import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
// By package name like every import across workspaces: the scripts load this config through Vite's
// module runner (--configLoader runner), which compiles the domain's TypeScript.
import { PRODUCT_NAME } from '@agentry/domain/product';
import { buildHomeMeta, renderHeadTags, replaceSeoRegion } from '@agentry/domain/seo';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE_ASSET = /^assets\/.+\.(?:js|css|svg)$/;
const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';
const PUBLIC_URL = (process.env.PUBLIC_URL ?? API_TARGET).replace(/\/+$/, '');

/**
 * Fills the SEO region of index.html with the home page meta from the shared builders, so the
 * default tags match what the client and the server write for `/`. The markers stay in place for
 * the server, which replaces the region per page for crawlers.
 */
function seoRegion(): Plugin {
  return {
    name: 'agentry-seo-region',
    transformIndexHtml(html) {
      const named = html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME);
      return replaceSeoRegion(named, renderHeadTags(buildHomeMeta(PUBLIC_URL), PUBLIC_URL));
    },
  };
}

/**
 * react-router 7's package exports resolve to its development build in every mode
 * (remix-run/react-router#12532, #14102). Production builds use the production files it ships
 * next to it: same API, no dev warnings, fewer bytes on the home page.
 */
function reactRouterProductionAliases() {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
  );
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'production/dom-export.mjs') },
  ];
}

/**
 * InstantSearch always bundles its URL router (and the qs library behind it, ~10 KB gzipped),
 * though it runs only with the `routing` option, which we never pass: React Router owns the URL
 * (?query= on the home page). Builds swap that one module for a stub that says so.
 */
function withoutInstantSearchUrlRouter(): Plugin {
  const routerModule = /[\\/]instantsearch\.js[\\/]es[\\/]lib[\\/]routers[\\/]history\.js$/;
  return {
    name: 'agentry-without-instantsearch-url-router',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!routerModule.test(id)) return null;
      return `export default function historyRouter() {
  throw new Error('InstantSearch routing is not available here: React Router owns the URL.');
}`;
    },
  };
}

/**
 * Writes brotli and gzip copies of the hashed bundles beside them, at their best levels: the
 * server sends those to browsers that accept them (server/src/routes/web/compressed-assets.ts).
 * Done once here, at build time, not on every server start.
 */
function precompressAssets(): Plugin {
  return {
    name: 'agentry-precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE_ASSET.test(fileName)) continue;
        const raw = fs.readFileSync(path.join(outDir, fileName));
        fs.writeFileSync(
          path.join(outDir, `${fileName}.br`),
          brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(path.join(outDir, `${fileName}.gz`), gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * `vite build --ssr` (the second half of the client's build): entry-server.tsx, with everything it
 * imports bundled in (react, the router, InstantSearch), as CommonJS the API process loads with
 * require (server/src/routes/web/server-render.ts), into dist/.ssr/, which ships with the client
 * and which the static file handler never serves (a dot directory). Lazy routes stay chunks of
 * their own, loaded when a page needs them.
 */
const SSR_BUILD = {
  outDir: 'dist/.ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  sourcemap: false,
  rollupOptions: {
    input: 'src/entry-server.tsx',
    output: {
      format: 'cjs' as const,
      entryFileNames: '[name].cjs',
      chunkFileNames: 'chunks/[name]-[hash].cjs',
    },
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), withoutInstantSearchUrlRouter()]
    : [react(), seoRegion(), withoutInstantSearchUrlRouter(), precompressAssets()],
  resolve: { alias: command === 'build' ? reactRouterProductionAliases() : [] },
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        // React's production build on the server too, whatever NODE_ENV the API runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: SSR_BUILD,
      }
    : {
        // The manifest names each lazy route's files: the server preloads the agent page's with its HTML.
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: false,
          manifest: true,
          modulePreload: { polyfill: false },
        },
      }),
  server: { proxy: { '/api': { target: API_TARGET, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: API_TARGET, changeOrigin: false } } },
}));
