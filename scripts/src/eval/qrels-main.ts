import fs from 'node:fs';
import path from 'node:path';
import { readQueryFile } from './query-file';
import type { Qrels } from './score';

// `npm run eval:qrels` — merges the judges' answers (scripts/eval/judging/grades-*.json, each
// {query: {agentIndex: grade}}) into one qrels file per half of our set (own-tune.json,
// own-report.json), in the format of ../shared/eval/dev-qrels.json. Fails when a query of a half
// has no judgments or a grade is not 0, 1 or 2, so a half never silently loses a query.

const EVAL_DIR = path.resolve(__dirname, '../../eval');
// As eval:relevance: the shared dataset beside the repository, unless --agents says otherwise.
const agentsOption = process.argv.indexOf('--agents');
const AGENTS = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  agentsOption >= 0 ? process.argv[agentsOption + 1]! : '../shared/data/agents.json',
);

function main(): number {
  const agents = JSON.parse(fs.readFileSync(AGENTS, 'utf8')) as Array<{ name: string }>;
  const grades = new Map<string, Map<number, number>>();
  const judging = path.join(EVAL_DIR, 'judging');
  for (const file of fs
    .readdirSync(judging)
    // A second reader's check of a sample (grades-*-check-*.json, a list by sample id) measures
    // agreement; it is not a set's grades, so it never enters the qrels.
    .filter((name) => /^grades-.*\.json$/.test(name) && !name.includes('-check-'))
    .sort()) {
    const answer = JSON.parse(fs.readFileSync(path.join(judging, file), 'utf8')) as Record<
      string,
      Record<string, number>
    >;
    for (const [query, byIndex] of Object.entries(answer)) {
      const merged = grades.get(query) ?? new Map<number, number>();
      for (const [index, grade] of Object.entries(byIndex)) {
        if (![0, 1, 2].includes(grade)) throw new Error(`${file}: grade ${grade} for "${query}" #${index}`);
        if (!agents[Number(index)]) throw new Error(`${file}: no agent #${index}`);
        const earlier = merged.get(Number(index));
        // Rounds add agents; none may regrade one (a later file silently winning would hide it).
        if (earlier !== undefined && earlier !== grade)
          throw new Error(`${file}: "${query}" #${index} graded ${grade}, earlier ${earlier}`);
        merged.set(Number(index), grade);
      }
      grades.set(query, merged);
    }
  }
  // own-fresh, own-fresh2 to own-fresh5: sets judged after a piece of work on ranking
  // ended, each scored once for the ablation table. own-train and own-train-2 to -4: sets for fitting only
  // (scripts/eval/README.md).
  const halves = [
    'own-tune',
    'own-report',
    'own-fresh',
    'own-fresh2',
    'own-fresh3',
    'own-fresh4',
    'own-fresh5',
    'own-train',
    'own-train-2',
    'own-train-3',
    'own-train-4',
  ].filter((half) => fs.existsSync(path.join(EVAL_DIR, `${half}.tsv`)));
  for (const half of halves) {
    const qrels: Qrels = { queries: [] };
    for (const { query } of readQueryFile(path.join(EVAL_DIR, `${half}.tsv`))) {
      const judged = grades.get(query);
      if (!judged || judged.size === 0) throw new Error(`${half}: "${query}" has no judgments`);
      qrels.queries.push({
        query,
        judgments: [...judged]
          .sort((a, b) => b[1] - a[1] || a[0] - b[0])
          .map(([index, grade]) => ({ index, name: agents[index]!.name, grade })),
      });
    }
    fs.writeFileSync(path.join(EVAL_DIR, `${half}.json`), `${JSON.stringify(qrels, null, 1)}\n`);
    const judgments = qrels.queries.reduce((sum, q) => sum + q.judgments.length, 0);
    process.stderr.write(`${half}.json: ${qrels.queries.length} queries, ${judgments} judgments\n`);
  }
  return 0;
}

process.exit(main());
