import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solve, sparseRows } from './fit';
import { readTable, StaticEncoder, writeTable } from './static-table';

// The static encoder's table: what the fit finds, what the file keeps, what a text embeds to.

describe('the static sentence encoder', () => {
  it('fits word vectors whose weighted means reproduce the sentence targets', () => {
    // Two words, three "sentences": each word alone (targets (1,0) and (0,1)) and the two
    // together, whose target (1,1) is twice their mean; the prior (λ) is negligible, so the
    // least-squares answer is the normal equations' (2.5 x0 + 0.5 x1 = 3, 0.5 x0 + 2.5 x1 = 1
    // per dimension): x0 = 7/6, x1 = 1/6, each word pulled towards the pair's target.
    const rows = sparseRows([
      [[0, 1]],
      [[1, 1]],
      [
        [0, 0.5],
        [1, 0.5],
      ],
    ]);
    const y = Float32Array.from([1, 0, 0, 1, 1, 1]);
    const u = Float32Array.from([0, 0, 0, 0]);
    const x = solve(rows, y, u, 2, 2, 1e-6, 20);
    expect([...x].map((v) => Number(v.toFixed(2)))).toEqual([1.17, 0.17, 0.17, 1.17]);
  });

  it('keeps the table through its file to int8 precision and embeds a text as the weighted mean of its known words', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'static-table-')), 'table.bin');
    const table = {
      words: ['budget', 'wedding', 'the'],
      dims: 2,
      weights: Float32Array.from([1, 1, 0.01]),
      vectors: Float32Array.from([1, 0, 0, 1, 5, 5]),
    };
    writeTable(file, table, { source: 'test' });
    const read = readTable(file);
    expect(read.words).toEqual(table.words);
    expect(read.head.source).toBe('test');
    for (const [i, v] of read.vectors.entries()) expect(v).toBeCloseTo(table.vectors[i]!, 1);
    const encoder = new StaticEncoder(read);
    const v = encoder.embed('The Wedding budget!')!;
    expect(v[0]).toBeCloseTo(v[1]!, 2);
    expect(Math.hypot(v[0]!, v[1]!)).toBeCloseTo(1, 5);
    expect(encoder.embed('xyzzy qwerty')).toBeUndefined();
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
