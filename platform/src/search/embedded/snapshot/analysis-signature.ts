import { createHash } from 'node:crypto';
import { indexWords } from '../../analysis/index-words';
import { stem } from '../../analysis/stem';
import { STOPWORDS } from '../../analysis/stopwords';
import { tokenize } from '../../analysis/tokenize';
import { FEATURES } from '../../query/features';
import { EXPANSION } from '../document-expansion';
import { DERIVED_NAME_SHARE } from '../document-weights';
import { fieldSettings, INDEXED_FIELDS, K1 } from '../fields';

// A snapshot holds the results of analysis (words, stems, BM25F weights already saturated): read by
// code that analyses differently, it would answer as the old code did. The signature names what
// the snapshot's content depends on; a snapshot with another signature is rebuilt. It covers the
// settings by value and the tokenizer and stemmer by what they make of a sample of text, so most
// changes to them show; a change they would not show must raise INDEX_FORMAT.

/** Raise with any change to what the index stores or how it is computed that the sample misses. */
/** 2: the structured profile's facets and starting price as columns (issue 28). */
/** 3: sorted orders break equal keys by agent id, not by document number (equal-order.ts). */
export const INDEX_FORMAT = 3;

const SAMPLE = [
  'PixelForge AI: answers customer e-mails & support tickets in Spanish (and English), 24/7.',
  'Bookkeeping, accounting and invoicing for small businesses; reconciles QuickBooks ledgers.',
  'GPT4-powered note taker: meeting minutes, summaries, action items — Zoom, Teams, Meet.',
  'Crème brûlée café naïve résumé Ångström straße İstanbul ÉCOLE œuvre Æsir.',
  'Recruiter, recruiting, recruitment; documentation vs documents; automates vs automation.',
].join(' ');

let cached: { key: string; signature: string } | undefined;

/** Whether this process has worked the signature out already (tests). */
export const signatureKnown = () => cached !== undefined;

export function analysisSignature(): string {
  // The field settings in force (fittedFields) are part of it: an index built with others is rebuilt.
  const fitted = FEATURES.fittedFields;
  // So is document expansion (docExpansion, off), with its settings; off, the signature is as before.
  const expansion = FEATURES.docExpansion ? { ...EXPANSION } : null;
  const key = `${fitted} ${JSON.stringify(expansion)}`;
  if (cached?.key === key) return cached.signature;
  const { weights, norms } = fieldSettings(fitted);
  const signature = createHash('sha256')
    .update(
      JSON.stringify({
        format: INDEX_FORMAT,
        fields: INDEXED_FIELDS,
        weights,
        norms,
        k1: K1,
        derivedNameShare: DERIVED_NAME_SHARE,
        stopwords: [...STOPWORDS].sort(),
        words: indexWords(SAMPLE),
        stems: indexWords(SAMPLE).map(stem),
        tokens: tokenize(SAMPLE).map((token) => [token.word, token.position]),
        ...(expansion ? { expansion } : {}),
      }),
    )
    .digest('hex')
    .slice(0, 32);
  cached = { key, signature };
  return signature;
}
