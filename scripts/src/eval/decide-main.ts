import fs from 'node:fs';
import path from 'node:path';
import { decide, KEEP_RULE, parsePerQuery } from './decide';

// `npx tsx scripts/src/eval/decide-main.ts ENGINE.tsv VARIANT.tsv`: the keep rule of
// scripts/eval/README.md on two runs of `npm run eval:sets -- --per-query [--with X] 2> FILE`
// (the engine as it runs, then the candidate, same catalog). Prints only each held-out set's mean
// change with its standard error, the pooled one and the verdict: no query and no per-query score,
// so the held-out sets stay read once per candidate.

function main(argv: string[]): number {
  const files = argv.filter((arg) => !arg.startsWith('--'));
  if (files.length !== 2) {
    process.stderr.write('Usage: npx tsx scripts/src/eval/decide-main.ts ENGINE.tsv VARIANT.tsv\n');
    return 2;
  }
  const from = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const [engine, variant] = files.map((file) => parsePerQuery(fs.readFileSync(from(file), 'utf8'))) as [
    ReturnType<typeof parsePerQuery>,
    ReturnType<typeof parsePerQuery>,
  ];
  const decision = decide(engine, variant);
  const cell = (mean: number, se: number) =>
    `${mean >= 0 ? '+' : '−'}${Math.abs(mean).toFixed(4)} ± ${se.toFixed(4)}`;
  process.stdout.write(
    [
      '| Held-out set | Scored queries | Δ nDCG@10 ± SE |',
      '| --- | --- | --- |',
      ...decision.sets.map((set) => `| ${set.set} | ${set.n} | ${cell(set.mean, set.se)} |`),
      `| **pooled** | ${decision.pooled.n} | ${cell(decision.pooled.mean, decision.pooled.se)} (t ${decision.pooled.t.toFixed(2)}) |`,
      '',
      `Rule: pooled Δ ≥ +${KEEP_RULE.minGain}, ≥ ${KEEP_RULE.minT} SE above 0, every set ≥ ${KEEP_RULE.floor}.`,
      decision.keep ? 'Verdict: keep.' : `Verdict: not kept (${decision.failed.join('; ')}).`,
      '',
    ].join('\n'),
  );
  return 0;
}

try {
  process.exit(main(process.argv.slice(2)));
} catch (error) {
  process.stderr.write(`decide failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
