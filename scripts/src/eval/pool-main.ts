import fs from 'node:fs';
import path from 'node:path';
import { bm25Ranker } from './bm25';
import { serveFreshCatalog } from './fresh-catalog';
import { readQueryFile } from './query-file';

// `npm run eval:pool -- QUERIES.tsv [...] --out POOL.json [--depth 20]`
// The pool our judged set was graded on: for each query the top DEPTH agents of three systems,
// merged and sorted by name so the judge cannot tell which system, or which rank, brought an
// agent in: plain BM25, the real GET /api/search, and BM25 of the query expanded with the first
// search result's role and description (pseudo-relevance feedback; it brings in the alternatives
// of a named or misspelt product, which neither of the others lists).

interface Agent {
  name: string;
  provider: string;
  category: string;
  role: string;
  description: string;
}

async function main(argv: string[]): Promise<number> {
  const option = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const positional = argv.filter((arg, i) => !arg.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  const out = option('out');
  if (positional.length === 0 || !out) {
    process.stderr.write('Usage: npm run eval:pool -- QUERIES.tsv [...] --out POOL.json [--depth 20]\n');
    return 2;
  }
  const from = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const depth = Number(option('depth') ?? 20);
  const agentsFile = from(option('agents') ?? '../shared/data/agents.json');
  const agents = JSON.parse(fs.readFileSync(agentsFile, 'utf8')) as Agent[];
  const queries = positional.flatMap((file) => readQueryFile(from(file)));
  const byKey = new Map<string, number>();
  for (const [index, agent] of agents.entries()) byKey.set(`${agent.name}\u0000${agent.provider}`, index);
  const bm25 = bm25Ranker(agents);
  const catalog = await serveFreshCatalog(agentsFile);
  try {
    const pool = [];
    for (const { query, kind } of queries) {
      const response = await fetch(
        `${catalog.server.url}/api/search?${new URLSearchParams({ query, limit: String(depth) })}`,
      );
      if (!response.ok) throw new Error(`GET /api/search answered ${response.status} for "${query}"`);
      const engine = ((await response.json()) as Agent[]).map(
        (agent) => byKey.get(`${agent.name}\u0000${agent.provider}`) ?? -1,
      );
      const found = engine.filter((i) => i >= 0);
      const first = found[0] === undefined ? undefined : agents[found[0]]!;
      const expanded = first ? bm25(`${query} ${first.role} ${first.description}`, depth) : [];
      const indexes = new Set([...bm25(query, depth), ...found, ...expanded]);
      const candidates = [...indexes]
        .map((index) => ({ index, ...pick(agents[index]!) }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.index - b.index);
      pool.push({ query, kind, candidates });
    }
    fs.writeFileSync(from(out), `${JSON.stringify(pool, null, 1)}\n`);
    const sizes = pool.map((entry) => entry.candidates.length);
    process.stderr.write(
      `${pool.length} queries pooled into ${from(out)}: ${Math.min(...sizes)}–${Math.max(...sizes)} candidates each\n`,
    );
    return 0;
  } finally {
    await catalog.stop();
  }
}

const pick = ({ name, provider, category, role, description }: Agent) => ({
  name,
  provider,
  category,
  role,
  description,
});

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`Pooling failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
