// Growing the per-document typed arrays of the index (inverted-index.ts, word-sequences.ts).

/**
 * A copy of a per-document array with room for twice as many documents (a snapshot's arrays are
 * exactly as long as their documents, so the first write after a load copies them).
 */
export function doubled<T extends Uint8Array | Int32Array>(array: T): T {
  const copy = new (array.constructor as new (length: number) => T)(Math.max(1024, array.length * 2));
  copy.set(array);
  return copy;
}
