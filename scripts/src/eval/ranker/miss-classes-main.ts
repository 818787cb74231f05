import fs from 'node:fs';
import path from 'node:path';
import { decodeEntities } from '@agentry/domain/html-entities';
import { stem } from '@agentry/platform/search/analysis/stem';
import { QUERY_FILLERS, STOPWORDS } from '@agentry/platform/search/analysis/stopwords';
import { wholeWords } from '@agentry/platform/search/analysis/tokenize';
import { executeSearch } from '@agentry/platform/search/embedded/execute';
import { explainSearch } from '@agentry/platform/search/embedded/ranker-input';
import type { SearchDocument } from '@agentry/platform/search/port';
import { setFeatures } from '@agentry/platform/search/query/features';
import { anatomy } from '@agentry/platform/search/ranking/anatomy';
import { NAME_FIELD, ROLE_FIELD, termsFromText } from '@agentry/platform/search/ranking/document-terms';
import { optionValue, switchesOption } from '../../cli/options';
import { readQueryFile } from '../query-file';
import { evaluate, type Qrels } from '../score';
import { catalogIndex } from './ranker-data';
import { trainingSets, trainOption } from './training-sets';

// `tsx scripts/src/eval/ranker/miss-classes-main.ts --train all [--below 0.5] [--with a,b] [--without c,d] [--list]`:
// what class of miss dominates the worst training queries (session 15). Training sets only: the
// reported half and the fresh sets are never read here. For each query scoring at most --below, the
// agents the ideal top 10 holds and the engine's does not ("missed") give the lost gain; each query
// gets the one class that explains most of it, by these rules, in order:
//   notRetrieved   most of the missed gain is agents the search does not return at all: split by
//                  whether the query names a product (notRetrievedName: its kind, its alternatives)
//                  or asks for a job (notRetrievedJob: the agents say it in other words);
//   namedProduct   the query names a product (its first hit's name is in the query) and it is first:
//                  what is lost is its alternatives;
//   otherPart      the irrelevant agents above the missed ones match a group of the query the missed
//                  ones lack, and lack one they have: one part of the query wins over another —
//                  split by whether the winning group is common English (specificity < 0.6):
//                  otherPartCommon / otherPartSpecific;
//   nameRoleMatch  they match the same groups or fewer, and in their name or role where the missed
//                  ones match in the description;
//   moreWords      they match more of the query's groups than the missed ones (the missed ones say
//                  the job in other words);
//   sameWords      they match exactly the same groups in the same kind of field: ordering among equals;
//   lowInTop10     every agent of the ideal top 10 is in the engine's, ranked too low there.
// Printed: each query's class, nDCG and the words behind it (--list), then the table of counts with
// the nDCG lost per class.

const root = path.resolve(__dirname, '../../../..');
const argv = process.argv.slice(2);
const option = (name: string) => optionValue(argv, name);
const below = Number(option('below') ?? 0.5);
setFeatures(switchesOption(argv));
const catalog = catalogIndex(path.resolve(root, '../shared/data/agents.json'));
const documentOf = (id: number): SearchDocument => {
  const agent = catalog.agents[id]!;
  return {
    id: String(id),
    name: decodeEntities(agent.name),
    provider: decodeEntities(agent.provider),
    category: decodeEntities(agent.category),
    role: decodeEntities(agent.role),
    description: decodeEntities(agent.description),
  } as SearchDocument;
};

// Grades given by intent (scripts/eval/README.md): agents no system's pool held, graded from the
// catalog's role lists. A class made of them is one no engine found by the query's words.
const judging = path.resolve(root, 'scripts/eval/judging');
const byIntent = new Set<string>();
for (const file of fs.readdirSync(judging).filter((name) => /^grades-.*intent\.json$/.test(name))) {
  const grades = JSON.parse(fs.readFileSync(path.join(judging, file), 'utf8')) as Record<
    string,
    Record<string, number>
  >;
  for (const [query, agents] of Object.entries(grades))
    for (const id of Object.keys(agents)) byIntent.add(`${query}\t${id}`);
}

const CLASSES = [
  'notRetrievedName',
  'notRetrievedJob',
  'namedProduct',
  'otherPartCommon',
  'otherPartSpecific',
  'nameRoleMatch',
  'moreWords',
  'sameWords',
  'lowInTop10',
] as const;
type MissClass = (typeof CLASSES)[number];
const counts = new Map<
  MissClass,
  {
    queries: number;
    lost: number;
    sets: Map<string, number>;
    absent: number;
    intent: number;
    someWord: number;
    /** Queries with a content word no agent has (stemmed: not in the catalog's vocabulary). */
    unknownWord: number;
  }
>(
  CLASSES.map((c) => [
    c,
    { queries: 0, lost: 0, sets: new Map(), absent: 0, intent: 0, someWord: 0, unknownWord: 0 },
  ]),
);
let scored = 0;
let totalLost = 0;
const gain = (grade: number) => 2 ** grade - 1;
const discount = (rank: number) => 1 / Math.log2(rank + 2);
const bits = (mask: number[]) => mask.reduce((sum, on, g) => sum | (on << g), 0);

for (const set of trainingSets(root, trainOption(argv))) {
  const qrels = JSON.parse(fs.readFileSync(path.resolve(root, set.qrels), 'utf8')) as Qrels;
  for (const { query, kind: written } of readQueryFile(path.resolve(root, set.queries))) {
    const judged = qrels.queries.find((q) => q.query === query);
    if (!judged) continue;
    const hits = executeSearch(catalog.index, catalog.scratch, { query, hitsPerPage: 1000 }).hits;
    const ids = hits.map((hit) => Number(hit.document.id));
    const ndcg = evaluate(
      { [query]: hits.slice(0, 10).map((hit) => hit.document.name) },
      { queries: [judged] },
    ).summary.ndcg;
    if (ndcg === null) continue;
    scored += 1;
    totalLost += 1 - ndcg;
    if (ndcg > below) continue;
    const grades = new Map(judged.judgments.map((j) => [j.index ?? -1, j.grade]));
    const gradeOf = (id: number) => grades.get(id) ?? 0;
    const ideal = judged.judgments
      .filter((j) => j.grade > 0 && j.index !== undefined)
      .sort((a, b) => b.grade - a.grade)
      .slice(0, 10);
    const top = new Set(ids.slice(0, 10));
    const missed = ideal
      .map((j, i) => ({ id: j.index!, grade: j.grade, weight: gain(j.grade) * discount(i) }))
      .filter((m) => !top.has(m.id));
    const absent = missed.filter((m) => !ids.includes(m.id));
    const sum = (list: typeof missed) => list.reduce((s, m) => s + m.weight, 0);

    // Which groups (and in which fields) an agent matches.
    const { context } = explainSearch(catalog.index, catalog.scratch, query);
    const matchOf = (id: number) => {
      const groups = anatomy(context.terms, termsFromText(documentOf(id), context.terms));
      const matched = bits(groups.map((g) => (g.best ? 1 : 0)));
      const nameRole = bits(groups.map((g) => (g.fields & ((1 << NAME_FIELD) | (1 << ROLE_FIELD)) ? 1 : 0)));
      return { matched, nameRole };
    };
    const wordsOf = (mask: number) =>
      context.terms.groups
        .map((_, g) => g)
        .filter((g) => mask & (1 << g))
        .map((g) => context.terms.groups[g]![0]?.alternative.stems.join(' ') ?? '?');

    let kind: MissClass;
    let detail = '';
    const first = hits[0]?.document.name.toLowerCase() ?? '';
    const named = first.length > 1 && query.toLowerCase().includes(first) && gradeOf(ids[0]!) === 2;
    // A name query: so written (own sets), or (dev, which has no kinds) two words at most sharing one with the first hit's name.
    const nameQuery = written
      ? written.startsWith('name')
      : query.split(/\s+/).length <= 2 &&
        query
          .toLowerCase()
          .split(/\s+/)
          .some((w) => first.split(/\s+/).includes(w));
    if (missed.length === 0) kind = 'lowInTop10';
    else if (sum(absent) > sum(missed) / 2) {
      kind = nameQuery ? 'notRetrievedName' : 'notRetrievedJob';
      detail = `${absent.length} of ${missed.length} missed not returned`;
    } else if (named) kind = 'namedProduct';
    else {
      // The best missed agent that is returned, against the irrelevant agents ranked above it.
      const returned = missed.filter((m) => ids.includes(m.id)).sort((a, b) => b.weight - a.weight)[0]!;
      const rel = matchOf(returned.id);
      const above = ids.slice(0, Math.min(10, ids.indexOf(returned.id))).filter((id) => gradeOf(id) === 0);
      const votes = new Map<MissClass, number>();
      let winning = 0;
      for (const id of above) {
        const irr = matchOf(id);
        const extra = irr.matched & ~rel.matched;
        const lacks = rel.matched & ~irr.matched;
        let vote: MissClass;
        if (extra && lacks) {
          winning |= extra;
          const common = context.terms.groups.some(
            (_, g) => extra & (1 << g) && (context.specificity[g] ?? 1) < 0.6,
          );
          vote = common ? 'otherPartCommon' : 'otherPartSpecific';
        } else if (extra) vote = 'moreWords';
        else if (irr.nameRole & ~rel.nameRole) vote = 'nameRoleMatch';
        else vote = 'sameWords';
        votes.set(vote, (votes.get(vote) ?? 0) + 1);
      }
      kind = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'sameWords';
      detail = `missed at ${ids.indexOf(returned.id) + 1}; ${[...votes].map(([c, n]) => `${c} ${n}`).join(', ')}${
        winning ? `; winning: ${wordsOf(winning).join(', ')}` : ''
      }`;
    }
    const cell = counts.get(kind)!;
    cell.queries += 1;
    cell.lost += 1 - ndcg;
    cell.sets.set(set.label, (cell.sets.get(set.label) ?? 0) + 1);
    cell.absent += absent.length;
    cell.intent += absent.filter((m) => byIntent.has(`${query}\t${m.id}`)).length;
    // Not returned although they share a word with the query: below the match floor and past the related list.
    cell.someWord += absent.filter((m) => matchOf(m.id).matched !== 0).length;
    // A word of the query no agent has: nothing learnt from the catalog can read it (session 16).
    const unknown = wholeWords(query).filter(
      (word) =>
        !STOPWORDS.has(word) && !QUERY_FILLERS.has(word) && catalog.index.documentFrequency(stem(word)) === 0,
    );
    if (unknown.length > 0) cell.unknownWord += 1;
    if (argv.includes('--list'))
      process.stdout.write(
        `${set.label}\t${ndcg.toFixed(3)}\t${kind}\t"${query}"\t${detail}${unknown.length ? `; no agent has: ${unknown.join(', ')}` : ''}\n`,
      );
  }
}
const worst = [...counts.values()].reduce((s, c) => s + c.queries, 0);
process.stdout.write(
  `\n${scored} scored queries, ${worst} at or below nDCG@10 ${below}; lost nDCG (sum of 1 − nDCG) ${totalLost.toFixed(1)} in all\n`,
);
process.stdout.write(
  '| class | queries | nDCG lost | missed agents not returned (graded by intent; sharing a word with the query) | queries with a word no agent has | by set |\n| --- | --- | --- | --- | --- | --- |\n',
);
for (const [name, cell] of counts)
  process.stdout.write(
    `| ${name} | ${cell.queries} | ${cell.lost.toFixed(2)} | ${cell.absent} (${cell.intent}; ${cell.someWord}) | ${cell.unknownWord} | ${[
      ...cell.sets,
    ]
      .map(([s, n]) => `${s} ${n}`)
      .join(', ')} |\n`,
  );
