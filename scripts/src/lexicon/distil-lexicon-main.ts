import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { rankBucket } from '@agentry/platform/search/lexicon/english-lexicon';
import { GLOVE_PACKAGE, gloveFile, readGloveWords } from './glove-file';

// `npm run lexicon:distil [-- --glove FILE]`: writes platform/src/search/lexicon/english-words.json,
// the 100,000 most frequent plain words of GloVe's vocabulary (Wikipedia and news text), in
// alphabetical order, each with its frequency rank rounded to a quarter of a power of two (one
// byte: the typo rule compares ranks by ratio), both gzipped. The search's typo rule reads it: a word people write is not corrected
// into a catalog word unless that word is far more frequent (platform/src/search/query/typo-rule.ts).

export const LEXICON_WORDS = 100_000;
const OUT = path.resolve(__dirname, '../../../platform/src/search/lexicon/english-words.json');

function main(argv: string[]): void {
  const glove = gloveFile(argv);
  try {
    const words = readGloveWords(glove.file)
      .filter((word) => /^[a-z]{2,}$/.test(word))
      .slice(0, LEXICON_WORDS);
    const rankOf = new Map(words.map((word, rank) => [word, rank]));
    const sorted = [...words].sort();
    const buckets = Uint8Array.from(sorted, (word) => rankBucket(rankOf.get(word)!));
    const gzipWords = gzipSync(Buffer.from(sorted.join('\n'), 'utf8'), { level: 9 });
    const gzipBuckets = gzipSync(buckets, { level: 9 });
    const file = {
      source: `${GLOVE_PACKAGE} (GloVe 6B, public domain, PDDL): its 100,000 most frequent words of a-z only`,
      regenerate: 'npm run lexicon:distil',
      words: words.length,
      wordsGzipBase64: gzipWords.toString('base64'),
      rankBucketsGzipBase64: gzipBuckets.toString('base64'),
    };
    fs.writeFileSync(OUT, `${JSON.stringify(file, null, 1)}\n`);
    process.stderr.write(
      `Wrote ${words.length} words (${gzipWords.length + gzipBuckets.length} bytes gzipped) to ${OUT}\n`,
    );
  } finally {
    glove.cleanUp();
  }
}

main(process.argv.slice(2));
