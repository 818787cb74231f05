import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Node loads its fetch module (undici) the first time a Request is made, and rendering makes one
// per page: loading the renderer must pay that at start, not at the first page a worker renders
// under load. Checked in a fresh process (jest's own sandbox has its own globals).
describe('loadServerRenderer', () => {
  it('loads what rendering needs from Node before the first page, not during it', () => {
    const clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'agentry-ssr-'));
    try {
      fs.mkdirSync(path.join(clientDist, '.ssr'));
      fs.writeFileSync(
        path.join(clientDist, '.ssr', 'entry-server.cjs'),
        'exports.render = async () => null;\n',
      );
      const script = `
        const { loadServerRenderer } = require(${JSON.stringify(path.join(__dirname, 'server-render.ts'))});
        const loaded = () => process.moduleLoadList.some((name) => name.includes('undici'));
        const before = loaded();
        const renderer = loadServerRenderer(${JSON.stringify(clientDist)}, { warn() {} });
        console.log(JSON.stringify({ before, after: loaded(), renderer: renderer !== null }));`;
      const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
        cwd: path.resolve(__dirname, '../../../..'),
        encoding: 'utf8',
      });
      expect(JSON.parse(output.trim().split('\n').pop()!)).toEqual({
        before: false,
        after: true,
        renderer: true,
      });
    } finally {
      fs.rmSync(clientDist, { recursive: true, force: true });
    }
  });
});
