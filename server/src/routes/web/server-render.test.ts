import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Loading the client's renderer holds the thread: it loads when asked (start.ts, once the index is
// current) or with the first page, never while a worker starts. Node loads its fetch module
// (undici) the first time a Request is made, and rendering makes one per page: that is paid with
// the renderer, not at the first page a worker renders under load. Checked in a fresh process
// (jest's own sandbox has its own globals and module registry).

/** Runs `body` in a fresh Node with `lazyServerRenderer` and a bundle that notes when it is loaded; its last line's JSON. */
function inFreshProcess(
  body: string,
  bundle = 'globalThis.bundleLoaded = true; exports.render = async (url) => "<p>" + url + "</p>";\n',
) {
  const clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-ssr-'));
  try {
    fs.mkdirSync(path.join(clientDist, '.ssr'));
    fs.writeFileSync(path.join(clientDist, '.ssr', 'entry-server.cjs'), bundle);
    const script = `
      const { lazyServerRenderer } = require(${JSON.stringify(path.join(__dirname, 'server-render.ts'))});
      const undici = () => process.moduleLoadList.some((name) => name.includes('undici'));
      const bundle = () => globalThis.bundleLoaded === true;
      const warnings = [];
      const renderer = lazyServerRenderer(${JSON.stringify(clientDist)}, { warn: (_, message) => warnings.push(message) });
      (async () => { ${body} })();`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: path.resolve(__dirname, '../../../..'),
      encoding: 'utf8',
    });
    return JSON.parse(output.trim().split('\n').pop()!);
  } finally {
    fs.rmSync(clientDist, { recursive: true, force: true });
  }
}

describe('lazyServerRenderer', () => {
  it('loads neither the bundle nor Node fetch module until asked, then both', () => {
    expect(
      inFreshProcess(`
        const before = { bundle: bundle(), undici: undici() };
        const loaded = renderer.load();
        console.log(JSON.stringify({ before, loaded, after: { bundle: bundle(), undici: undici() } }));`),
    ).toEqual({
      before: { bundle: false, undici: false },
      loaded: true,
      after: { bundle: true, undici: true },
    });
  });

  it('When loaded in turns, then the event loop runs between Node fetch module and the bundle', () => {
    expect(
      inFreshProcess(`
        const turns = [];
        // What waits in the event loop (a request) runs between the two.
        setImmediate(() => turns.push({ bundle: bundle(), undici: undici() }));
        const loading = renderer.loadInTurns();
        const loaded = await loading;
        console.log(JSON.stringify({ loaded, turns, after: { bundle: bundle(), undici: undici() } }));`),
    ).toEqual({
      loaded: true,
      turns: [{ bundle: false, undici: true }],
      after: { bundle: true, undici: true },
    });
  });

  it('renders a page asked for before the renderer was loaded (it loads it then)', () => {
    expect(
      inFreshProcess(`
        const before = bundle();
        const html = await renderer.render('/agents/7', {});
        console.log(JSON.stringify({ before, html, undici: undici() }));`),
    ).toEqual({ before: false, html: '<p>http://localhost/agents/7</p>', undici: true });
  });

  it('leaves pages to the browser, with one warning, when the bundle fails to load', () => {
    expect(
      inFreshProcess(
        `
        const loaded = renderer.load();
        const html = await renderer.render('/', {});
        console.log(JSON.stringify({ loaded, html, warnings }));`,
        'throw new Error("broken build");\n',
      ),
    ).toEqual({
      loaded: false,
      html: null,
      warnings: ['server renderer could not be loaded: pages render in the browser'],
    });
  });
});
