import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { trainingSets, trainOption } from './training-sets';

function rootWith(files: string[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'training-sets-'));
  for (const file of files) {
    const at = path.resolve(root, 'repo', file);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(at, '');
  }
  return path.join(root, 'repo');
}

describe('training sets', () => {
  const development = [
    '../shared/eval/dev-queries.txt',
    '../shared/eval/dev-qrels.json',
    'scripts/eval/own-tune.tsv',
    'scripts/eval/own-tune.json',
  ];

  it('fits on dev and the tune half unless told otherwise', () => {
    expect(trainOption(['--feature', 'x'])).toEqual(['dev', 'tune']);
    expect(trainingSets(rootWith(development)).map((set) => set.label)).toEqual(['dev', 'tune']);
  });

  it('adds the training set when asked and its files exist', () => {
    const root = rootWith([...development, 'scripts/eval/own-train.tsv', 'scripts/eval/own-train.json']);
    const names = trainOption(['--train', 'dev,tune,train']);
    expect(trainingSets(root, names).map((set) => set.qrels)).toEqual([
      '../shared/eval/dev-qrels.json',
      'scripts/eval/own-tune.json',
      'scripts/eval/own-train.json',
    ]);
  });

  it('adds the second training set by its own name', () => {
    const root = rootWith([...development, 'scripts/eval/own-train-2.tsv', 'scripts/eval/own-train-2.json']);
    expect(trainingSets(root, ['dev', 'train2']).map((set) => set.queries)).toEqual([
      '../shared/eval/dev-queries.txt',
      'scripts/eval/own-train-2.tsv',
    ]);
  });

  it('names every training set, the third and fourth included, as all', () => {
    const own = ['', '-2', '-3', '-4'].flatMap((n) => [
      `scripts/eval/own-train${n}.tsv`,
      `scripts/eval/own-train${n}.json`,
    ]);
    const names = trainOption(['--train', 'all']);
    expect(names).toEqual(['dev', 'tune', 'train', 'train2', 'train3', 'train4']);
    expect(
      trainingSets(rootWith([...development, ...own]), names)
        .map((set) => set.qrels)
        .slice(-2),
    ).toEqual(['scripts/eval/own-train-3.json', 'scripts/eval/own-train-4.json']);
  });

  it('refuses a set whose files are missing rather than fit on fewer queries', () => {
    expect(() => trainingSets(rootWith(development), ['dev', 'train'])).toThrow(/own-train\.tsv is missing/);
  });

  it('never offers a held-out set for fitting', () => {
    expect(() => trainingSets(rootWith(development), ['report'])).toThrow(/No training set "report"/);
    expect(() => trainOption(['--train'])).toThrow(/needs a list/);
  });
});
