import fs from 'node:fs';
import path from 'node:path';
import {
  FEATURE_NAMES,
  type Feature,
  INDEX_FEATURES,
  isDefaultOn,
  setFeatures,
} from '@agentry/platform/search/query/features';
import { ASSOCIATION_LIMITS } from '@agentry/platform/search/query/plan';
import { SPECIFICITY } from '@agentry/platform/search/query/term-specificity';
import { VISITOR_CONTEXT } from '@agentry/platform/search/query/visitor-context';
import { type Bm25Agent, bm25Ranker } from './bm25';
import { serveFreshCatalog } from './fresh-catalog';
import { readQueryFile } from './query-file';
import { evaluate, type Qrels, type Run, unjudged } from './score';

// `npm run eval:ablation [-- --agents FILE] [--only feature,…] [--specificity name=value,…] [--settings switch.name=value,…]`: the ablation table of BENCHMARKS.md. Scores the dev
// set, our tune half, our reported half and both fresh sets with the engine as it runs, then with each feature it
// runs with turned off and each measured-but-not-kept feature turned on, in turn, then plain BM25,
// through the real GET /api/search on a fresh catalog. Prints a Markdown table of nDCG@10 (and
// the zero-result rate of the engine as it runs).

const SETS = [
  { label: 'dev', queries: '../shared/eval/dev-queries.txt', qrels: '../shared/eval/dev-qrels.json' },
  { label: 'tune half', queries: 'scripts/eval/own-tune.tsv', qrels: 'scripts/eval/own-tune.json' },
  { label: 'reported half', queries: 'scripts/eval/own-report.tsv', qrels: 'scripts/eval/own-report.json' },
  // Written and judged after the work on ranking ended; read once, for this table.
  { label: 'fresh set', queries: 'scripts/eval/own-fresh.tsv', qrels: 'scripts/eval/own-fresh.json' },
  // Written before issue 27's work, judged after it (scripts/eval/README.md).
  { label: 'fresh set 2', queries: 'scripts/eval/own-fresh2.tsv', qrels: 'scripts/eval/own-fresh2.json' },
  // Written before issue 27's last approach was tried, judged blind by two others (scripts/eval/README.md).
  { label: 'fresh set 3', queries: 'scripts/eval/own-fresh3.tsv', qrels: 'scripts/eval/own-fresh3.json' },
  // Written and judged blind in session 15, before any result was seen (scripts/eval/README.md).
  { label: 'fresh set 4', queries: 'scripts/eval/own-fresh4.tsv', qrels: 'scripts/eval/own-fresh4.json' },
  // Written and judged blind in session 16, before any result was seen (scripts/eval/README.md).
  { label: 'fresh set 5', queries: 'scripts/eval/own-fresh5.tsv', qrels: 'scripts/eval/own-fresh5.json' },
] as const;

async function main(argv: string[]): Promise<number> {
  const from = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const at = argv.indexOf('--agents');
  const agentsFile = from(at >= 0 ? argv[at + 1]! : '../shared/data/agents.json');
  // --only a,b: the engine as it runs and those features' rows alone.
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? argv[onlyAt + 1]!.split(',') : null;
  // --specificity absent=1: termSpecificity's settings (query/term-specificity.ts) for its row, as
  // fitted on the training sets (they act only where termSpecificity is on, so the other rows keep theirs).
  const specificityAt = argv.indexOf('--specificity');
  for (const pair of specificityAt >= 0 ? argv[specificityAt + 1]!.split(',') : []) {
    const [name, value] = pair.split('=');
    if (!name || !(name in SPECIFICITY) || !Number.isFinite(Number(value)))
      throw new Error(`--specificity: no setting "${pair}" (known: ${Object.keys(SPECIFICITY).join(', ')})`);
    (SPECIFICITY as Record<string, number>)[name] = Number(value);
  }
  // --settings visitorContext.weight=0.9: a switch's settings as fitted on the training sets, for
  // every row, the engine's too (a switch that is on has no row of its own with other settings).
  const settingsAt = argv.indexOf('--settings');
  const owners: Record<string, Record<string, number>> = {
    visitorContext: VISITOR_CONTEXT,
    associations: ASSOCIATION_LIMITS,
    termSpecificity: SPECIFICITY,
  };
  for (const pair of settingsAt >= 0 ? argv[settingsAt + 1]!.split(',') : []) {
    const [owner, rest] = [pair.slice(0, pair.indexOf('.')), pair.slice(pair.indexOf('.') + 1)];
    const [name, value] = rest.split('=');
    const settings = owners[owner];
    if (!settings || !name || !(name in settings) || !Number.isFinite(Number(value)))
      throw new Error(`--settings: no setting "${pair}" (switches: ${Object.keys(owners).join(', ')})`);
    settings[name] = Number(value);
  }
  const sets = SETS.map((set) => ({
    ...set,
    queryList: readQueryFile(from(set.queries)).map((line) => line.query),
    judged: JSON.parse(fs.readFileSync(from(set.qrels), 'utf8')) as Qrels,
  }));
  // One client sends every query: the per-client read limit would otherwise stop it.
  process.env.RATE_LIMIT_READS_PER_MINUTE = '100000000';
  const catalog = await serveFreshCatalog(agentsFile);
  const rows: string[] = [];
  // Top-10 agents nobody judged, per variant and set (counted as not relevant: those cells are lower bounds).
  const notes: string[] = [];
  const score = (run: Run, judged: Qrels) => evaluate(run, judged).summary;
  try {
    const runOf = async (queries: string[], url = catalog.server.url) => {
      const run: Run = {};
      for (const query of queries) {
        const response = await fetch(`${url}/api/search?${new URLSearchParams({ query, limit: '10' })}`);
        if (!response.ok) throw new Error(`GET /api/search answered ${response.status} for "${query}"`);
        run[query] = ((await response.json()) as Array<{ name: string }>).map((agent) => agent.name);
      }
      return run;
    };
    const variants: Array<{ label: string; change: Record<string, boolean> }> = [
      { label: '**as it runs**', change: {} },
      ...FEATURE_NAMES.filter((name) => !only || only.includes(name)).map((name) =>
        isDefaultOn(name)
          ? { label: `without ${name}`, change: { [name]: false } }
          : {
              label: `with ${name}${name === 'termSpecificity' && specificityAt >= 0 ? ` (${argv[specificityAt + 1]})` : ''} (measured, not kept)`,
              change: { [name]: true },
            },
      ),
    ];
    let full: number[] = [];
    for (const variant of variants) {
      setFeatures(variant.change);
      // A feature read when the index is built gets a catalog indexed with it.
      const own = Object.keys(variant.change).some((name) => INDEX_FEATURES.has(name as Feature))
        ? await serveFreshCatalog(agentsFile)
        : null;
      const cells: string[] = [];
      const values: number[] = [];
      for (const set of sets) {
        const run = await runOf(set.queryList, own?.server.url);
        const summary = score(run, set.judged);
        const missing = unjudged(run, set.judged);
        if (missing.agents > 0)
          notes.push(
            `${variant.label}, ${set.label}: ${missing.agents} unjudged in the top 10 (${missing.queries} queries)`,
          );
        values.push(summary.ndcg ?? 0);
        const base = Object.keys(variant.change).length === 0;
        const delta = base ? '' : ` (${signed((summary.ndcg ?? 0) - full[values.length - 1]!)})`;
        const zero = base ? `, zero-result ${summary.zeroResultRate.toFixed(3)}` : '';
        cells.push(`${(summary.ndcg ?? 0).toFixed(3)}${delta}${zero}`);
      }
      await own?.stop();
      if (Object.keys(variant.change).length === 0) full = values;
      rows.push(`| ${variant.label} | ${cells.join(' | ')} |`);
      process.stderr.write('.');
    }
    setFeatures({});
    const agents = JSON.parse(fs.readFileSync(agentsFile, 'utf8')) as Bm25Agent[];
    const rank = bm25Ranker(agents);
    const bm25 = sets.map((set) => {
      const run = Object.fromEntries(set.queryList.map((q) => [q, rank(q, 10).map((i) => agents[i]!.name)]));
      return score(run, set.judged).ndcg!.toFixed(3);
    });
    rows.push(`| plain BM25 (reference) | ${bm25.join(' | ')} |`);
  } finally {
    setFeatures({});
    await catalog.stop();
  }
  process.stderr.write('\n');
  const header = `| Variant (nDCG@10) | ${sets.map((set) => `${set.label} (${set.queryList.length})`).join(' | ')} |`;
  if (settingsAt >= 0) process.stdout.write(`Settings in every row: ${argv[settingsAt + 1]}\n\n`);
  process.stdout.write(`${[header, `|${' --- |'.repeat(sets.length + 1)}`, ...rows].join('\n')}\n`);
  if (notes.length > 0)
    process.stdout.write(
      `\nUnjudged agents (scored as not relevant):\n${notes.map((note) => `- ${note}`).join('\n')}\n`,
    );
  return 0;
}

const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(3)}`;

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`Ablation failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
