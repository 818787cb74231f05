import fs from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { wholeWords } from '@agentry/platform/search/analysis/tokenize';

// A static sentence encoder: a vector and a weight per word, a text embedded as the weighted mean
// of its known words' vectors (unit length). Microseconds per query: one table look-up per word.
// Stored as int8 with a scale per word (gzip of a small JSON head and the bytes).

export interface StaticTable {
  words: string[];
  dims: number;
  /** Per word: the weight of the word in a mean (SIF: a / (a + p(word))). */
  weights: Float32Array;
  /** words.length × dims, row-major. */
  vectors: Float32Array;
}

export class StaticEncoder {
  private readonly index: Map<string, number>;

  constructor(readonly table: StaticTable) {
    this.index = new Map(table.words.map((word, i) => [word, i]));
  }

  /** The text's unit vector, or undefined when none of its words is known. */
  embed(text: string, out = new Float32Array(this.table.dims)): Float32Array | undefined {
    out.fill(0);
    const { dims, vectors, weights } = this.table;
    let any = false;
    for (const word of wholeWords(text)) {
      const i = this.index.get(word);
      if (i === undefined) continue;
      any = true;
      const w = weights[i]!;
      const base = i * dims;
      for (let k = 0; k < dims; k++) out[k]! += w * vectors[base + k]!;
    }
    if (!any) return undefined;
    let norm = 0;
    for (let k = 0; k < dims; k++) norm += out[k]! * out[k]!;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < dims; k++) out[k]! /= norm;
    return out;
  }
}

/** int8 rows with a float scale per row; weights as float32. */
export function writeTable(file: string, table: StaticTable, head: Record<string, unknown>): number {
  const { words, dims, vectors, weights } = table;
  const scales = new Float32Array(words.length);
  const bytes = new Int8Array(words.length * dims);
  for (let i = 0; i < words.length; i++) {
    let max = 0;
    for (let k = 0; k < dims; k++) max = Math.max(max, Math.abs(vectors[i * dims + k]!));
    const scale = max / 127 || 1;
    scales[i] = scale;
    for (let k = 0; k < dims; k++) bytes[i * dims + k] = Math.round(vectors[i * dims + k]! / scale);
  }
  const json = Buffer.from(JSON.stringify({ ...head, dims, words: words.join(' ') }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const body = Buffer.concat([
    length,
    json,
    Buffer.from(weights.buffer, weights.byteOffset, weights.byteLength),
    Buffer.from(scales.buffer),
    Buffer.from(bytes.buffer),
  ]);
  const gz = gzipSync(body, { level: 9 });
  fs.writeFileSync(file, gz);
  return gz.length;
}

export function readTable(file: string): StaticTable & { head: Record<string, unknown> } {
  const body = gunzipSync(fs.readFileSync(file));
  const length = body.readUInt32LE(0);
  const head = JSON.parse(body.subarray(4, 4 + length).toString('utf8')) as {
    dims: number;
    words: string;
  };
  const words = head.words.split(' ');
  const n = words.length;
  const dims = head.dims;
  let at = 4 + length;
  const copy = (bytes: number) => {
    const slice = new Uint8Array(body.subarray(at, at + bytes));
    at += bytes;
    return slice.buffer;
  };
  const weights = new Float32Array(copy(4 * n));
  const scales = new Float32Array(copy(4 * n));
  const bytes = new Int8Array(copy(n * dims));
  const vectors = new Float32Array(n * dims);
  for (let i = 0; i < n; i++)
    for (let k = 0; k < dims; k++) vectors[i * dims + k] = bytes[i * dims + k]! * scales[i]!;
  return { words, dims, weights, vectors, head };
}
