import fs from 'node:fs';
import path from 'node:path';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import { carriedBy, stemsOf } from '@agentry/platform/search/embedded/floor-meaning';
import { planSearch } from '@agentry/platform/search/embedded/request-plan';
import { groupFocuses } from '@agentry/platform/search/embedded/role-focus';
import { headPhraseWords } from '@agentry/platform/search/query/term-specificity';
import { optionValue } from '../../cli/options';
import { FLOOR_RULES, type HitFacts, type QueryCase, tallyRule } from '../claims-rules';
import { readQueryFile } from '../query-file';
import type { Qrels } from '../score';
import { catalogIndex } from './ranker-data';
import { trainingSets, trainOption } from './training-sets';

// `npx tsx scripts/src/eval/ranker/claims-rules-main.ts [--train all] [--list RULE]`: the match floor's
// second conditions (claims-rules.ts) counted in-process on the training sets (never a held-out
// set: there is no option to read one). Per rule, the unanswerable queries that still claim a match
// and the answerable ones it would newly leave with none; `--list` names the queries a rule (by the
// start of its name) changes. The engine's own counts agree with claims-main.ts through the API.

const root = path.resolve(__dirname, '../../../..');
const argv = process.argv.slice(2);
const catalog = catalogIndex(path.resolve(root, '../shared/data/agents.json'));
const { index, scratch } = catalog;

function caseOf(set: string, query: string, answerable: boolean): QueryCase {
  const response = executeSearch(index, scratch, { query, hitsPerPage: 10 });
  const { plan, ranked } = planSearch(index, scratch, query, null, true);
  const focus = groupFocuses(index, plan);
  const head = headPhraseWords(query);
  const matches: HitFacts[] = response.hits
    .filter((hit) => hit.why?.match)
    .map((hit) => {
      return carriedBy(stemsOf(hit.document), plan.groups);
    });
  return {
    set,
    query,
    answerable,
    matchCount: response.matchCount,
    parts: plan.groups.map((group, g) => ({
      words: group.words,
      weight: ranked.importance[g] ?? 0,
      focus: focus[g] ?? null,
      inHead: group.words.every((word) => head.has(word)),
    })),
    matches,
  };
}

const cases: QueryCase[] = [];
for (const set of trainingSets(root, argv.includes('--train') ? trainOption(argv) : undefined)) {
  const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
  const relevant = new Set(
    qrels.queries.filter((q) => q.judgments.some((j) => j.grade > 0)).map((q) => q.query),
  );
  for (const { query } of readQueryFile(path.resolve(root, set.queries)))
    cases.push(caseOf(set.label, query, relevant.has(query)));
}

const engine = tallyRule(cases);
const rows = [
  '| Second condition (training sets only) | Unanswerable claiming | Answerable newly claiming none |',
  '| --- | --- | --- |',
  `| none (the engine) | ${engine.claiming} of ${engine.unanswerable} | 0 of ${engine.answerable} |`,
];
for (const rule of FLOOR_RULES) {
  const tally = tallyRule(cases, rule);
  rows.push(
    `| ${rule.name} | ${tally.claiming} of ${tally.unanswerable} | ${tally.lost} of ${tally.answerable} |`,
  );
}
process.stdout.write(`${rows.join('\n')}\n`);
const listed = optionValue(argv, 'list');
if (listed) {
  const rule = FLOOR_RULES.find((candidate) => candidate.name.startsWith(listed));
  if (!rule)
    throw new Error(`No rule named "${listed}…" (known: ${FLOOR_RULES.map((r) => r.name).join('; ')})`);
  const tally = tallyRule(cases, rule);
  for (const q of tally.fixedQueries) process.stdout.write(`${q.set}\tfixed (claims none)\t${q.query}\n`);
  for (const q of tally.lostQueries)
    process.stdout.write(`${q.set}\tlost (answerable, claims none)\t${q.query}\n`);
}
