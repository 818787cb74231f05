import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { type EmbeddingModel, unitVector } from '../static-encoder/use-model';

// The Universal Sentence Encoder's vectors of the texts sentence-embedding-main.ts measures, kept in
// a JSON file by each text's SHA-1 (so that a rerun embeds only what is new: seconds, not minutes).

const key = (text: string) => createHash('sha1').update(text).digest('base64').slice(0, 16);

/** Embeds texts through `cacheFile`: unit vectors, from the file or the model (in batches of 32). */
export function embeddingCache(
  cacheFile: string,
): (model: EmbeddingModel, texts: string[], label: string) => Promise<Float32Array[]> {
  const cache: Record<string, string> = fs.existsSync(cacheFile)
    ? (JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as Record<string, string>)
    : {};
  return async (model, texts, label) => {
    const missing = [...new Set(texts.filter((text) => !cache[key(text)]))];
    const started = performance.now();
    for (let i = 0; i < missing.length; i += 32) {
      const batch = missing.slice(i, i + 32);
      const vectors = await model.embed(batch);
      batch.forEach((text, j) => {
        cache[key(text)] = Buffer.from(unitVector(Float32Array.from(vectors[j]!)).buffer).toString('base64');
      });
    }
    if (missing.length) {
      process.stdout.write(
        `embedded ${missing.length} ${label} in ${((performance.now() - started) / 1000).toFixed(1)} s (${((performance.now() - started) / missing.length).toFixed(1)} ms each)\n`,
      );
      fs.writeFileSync(cacheFile, JSON.stringify(cache));
    }
    return texts.map((text) => {
      const bytes = Buffer.from(cache[key(text)]!, 'base64');
      return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    });
  };
}
