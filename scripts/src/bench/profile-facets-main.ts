import { performance } from 'node:perf_hooks';
import {
  CERTIFICATIONS,
  DEPLOYMENTS,
  INTEGRATION_SUGGESTIONS,
  LANGUAGE_CODES,
} from '@agentry/domain/agent-profile';
import { searchDocument } from '@agentry/platform/search/contract';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import { InvertedIndex } from '@agentry/platform/search/embedded/inverted-index';
import { Scratch } from '@agentry/platform/search/embedded/scratch';
import type { SearchDocument, SearchRequest } from '@agentry/platform/search/port';
import { numberOption } from '../cli/options';

// What the profile facets cost the embedded engine at a large catalog (issue 28): a browse and a
// search with words, with and without the five profile facets counted and an integration and a
// language filtered, on N generated agents of which a share states a profile (some integrations
// free text, so the integrations facet has thousands of values). Medians of repeated runs, in one
// process: compare the ratios, not the absolute figures, on a shared machine.
//   npx tsx scripts/src/bench/profile-facets-main.ts -- --agents 100000 --stated 0.5 --runs 15

const AGENTS = numberOption(process.argv, 'agents', 100_000);
const STATED = numberOption(process.argv, 'stated', 0.5);
const RUNS = numberOption(process.argv, 'runs', 15);

let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[], count: number): T[] => [
  ...new Set(Array.from({ length: count }, () => items[Math.floor(random() * items.length)]!)),
];
const WORDS = [
  'answers',
  'customer',
  'emails',
  'books',
  'invoices',
  'drafts',
  'replies',
  'tickets',
  'sales',
  'leads',
];

function agent(i: number): SearchDocument {
  const document = searchDocument(`a${i}`, {
    name: `Agent ${i}`,
    description: `${pick(WORDS, 4).join(' ')} for teams.`,
    category: `Category ${i % 16}`,
    role: `Role ${i % 120}`,
  });
  if (random() >= STATED) return document;
  return {
    ...document,
    // Mostly suggested integrations, one in five agents names its own (free text).
    integrations: [...pick(INTEGRATION_SUGGESTIONS, 3), ...(random() < 0.2 ? [`Tool ${i % 5000}`] : [])],
    languages: pick(LANGUAGE_CODES, 3),
    deployment: pick(DEPLOYMENTS, 1),
    certifications: random() < 0.3 ? pick(CERTIFICATIONS, 2) : [],
    free_trial: random() < 0.5,
    starting_price_monthly: Math.round(random() * 200),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const index = new InvertedIndex();
const started = performance.now();
index.load(Array.from({ length: AGENTS }, (_, i) => agent(i)));
console.log(
  `${AGENTS} agents (${Math.round(STATED * 100)} % with a profile) indexed in ${Math.round(performance.now() - started)} ms`,
);
const scratch = new Scratch();

const SPEC = ['category', 'role', 'provider', 'pricing'] as const;
const PROFILE = ['integrations', 'languages', 'deployment', 'certifications', 'free_trial'] as const;
const cases: Array<[string, SearchRequest]> = [
  ['browse, spec facets', { query: '', facets: [...SPEC] }],
  ['browse, spec + profile facets', { query: '', facets: [...SPEC, ...PROFILE] }],
  [
    'browse, Slack + Spanish, all facets',
    { query: '', facets: [...SPEC, ...PROFILE], filters: { integrations: ['Slack'], languages: ['es'] } },
  ],
  ['browse, starting price <= 50', { query: '', facets: [...SPEC], startingPriceMonthly: { max: 50 } }],
  ['words, spec facets', { query: 'customer emails', facets: [...SPEC] }],
  ['words, spec + profile facets', { query: 'customer emails', facets: [...SPEC, ...PROFILE] }],
  [
    'words, Slack + Spanish, all facets',
    {
      query: 'customer emails',
      facets: [...SPEC, ...PROFILE],
      filters: { integrations: ['Slack'], languages: ['es'] },
    },
  ],
];
for (const [label, request] of cases) {
  const times: number[] = [];
  let answer = executeSearch(index, scratch, request);
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    answer = executeSearch(index, scratch, request);
    times.push(performance.now() - t);
  }
  const values = Object.keys(answer.facets.integrations ?? {}).length;
  console.log(
    `${label.padEnd(40)} median ${median(times).toFixed(1)} ms  hits ${answer.totalHits}${values ? `  integration values answered ${values}` : ''}`,
  );
}
