import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '@agentry/domain/testing/seeded-random';
import type { SearchDocument, SearchRequest, SearchResponse, SortOrder } from '@agentry/platform/search/port';
import { optionValue } from '../cli/options';
import { readQueryFile } from '../eval/query-file';
import { syntheticAgents, useCaseQueries } from './synthetic-agents';
import { asSearchDocuments } from './synthetic-documents';

// `tsx scripts/src/bench/same-results-main.ts --against DIR [--agents N] [--shared ../shared] [--with a,b]`: asks the embedded engine
// of this checkout and of another one (DIR: a checkout of an earlier commit, its node_modules
// installed) the same few thousand searches over the same catalog, and prints every answer that
// differs. A change to the engine's data structures (issue 24: compact postings, documents kept as
// text, snapshots) must change no answer: same hits in the same order, same totals, facets and
// highlights. Catalogs: the shared dataset (../shared/data/agents.json) and N synthetic agents.
// The answers are compared after a bulk load, after a run of writes (edits, additions,
// removals), and, for this checkout, after a round trip of the index through its snapshot image.
// --with turns ranking components on in both checkouts (query/features.ts), so that a change behind
// a switch that is off can be checked too.

interface Engine {
  load(documents: SearchDocument[]): Promise<void>;
  search(request: SearchRequest): SearchResponse;
  upsert(document: SearchDocument): void;
  remove(id: string): void;
}

type IndexModule = {
  InvertedIndex: new () => {
    loadStream(documents: Iterable<SearchDocument>): Promise<void>;
    upsert(document: SearchDocument): void;
    remove(id: string): void;
    orders: { prepare(): Promise<void> };
  };
};

async function engineOf(root: string, roundTrip: boolean): Promise<Engine> {
  const turnedOn = (optionValue(process.argv, 'with') ?? '').split(',').filter(Boolean);
  if (turnedOn.length > 0) {
    const { setFeatures } = await import(path.join(root, 'platform/src/search/query/features.ts'));
    setFeatures(Object.fromEntries(turnedOn.map((name) => [name, true])));
  }
  const base = path.join(root, 'platform/src/search/embedded');
  const { InvertedIndex } = (await import(path.join(base, 'inverted-index.ts'))) as IndexModule;
  const { executeSearch } = await import(path.join(base, 'execute.ts'));
  const { Scratch } = await import(path.join(base, 'scratch.ts'));
  let index = new InvertedIndex();
  const scratch = new Scratch();
  return {
    async load(documents) {
      await index.loadStream(documents);
      await index.orders.prepare();
      if (roundTrip) {
        const { imageToBytes, imageFromBytes } = await import(path.join(base, 'index-image.ts'));
        const { InvertedIndex: Fresh } = (await import(path.join(base, 'inverted-index.ts'))) as {
          InvertedIndex: { fromImage(image: unknown): Promise<typeof index> };
        };
        const bytes = imageToBytes((index as unknown as { image(): unknown }).image());
        index = await Fresh.fromImage(await imageFromBytes(bytes));
        // As a serving engine loads it: the first searches' warm-up run on it first (warm-search.ts).
        const warm = path.join(base, 'warm-search.ts');
        if (fs.existsSync(warm)) {
          const { warmSearch } = await import(warm);
          const { TimeSlices } = await import(path.join(base, 'time-slices.ts'));
          await warmSearch(index, new TimeSlices());
        }
      }
    },
    search: (request) => executeSearch(index, scratch, request),
    upsert: (document) => index.upsert(document),
    remove: (id) => index.remove(id),
  };
}

/** The requests asked of both engines: queries of every kind, with and without filters, sorts, pages. */
function requestsFor(documents: SearchDocument[], queries: string[], seed: number): SearchRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const sorts: SortOrder[] = ['relevance', 'price_asc', 'price_desc', 'name', 'newest'];
  const requests: SearchRequest[] = [];
  const names = Array.from({ length: 150 }, () => pick(documents).name);
  const typo = (text: string) => {
    const at = 1 + Math.floor(random() * Math.max(1, text.length - 2));
    return text.slice(0, at) + text.slice(at + 1, at + 2) + text.slice(at, at + 1) + text.slice(at + 2);
  };
  const allQueries = [
    ...queries,
    ...names,
    ...names.slice(0, 60).map((name) => name.toLowerCase().slice(0, Math.max(3, name.length - 2))),
    ...queries.slice(0, 80).map(typo),
    ...names.slice(0, 40).map(typo),
  ];
  for (const query of allQueries) {
    requests.push({ query });
    requests.push({ query, highlight: true, facets: ['category', 'role', 'pricing'], hitsPerPage: 10 });
  }
  for (let i = 0; i < 300; i++) {
    const document = pick(documents);
    requests.push({
      query: random() < 0.4 ? '' : pick(allQueries),
      page: Math.floor(random() * 3),
      hitsPerPage: pick([5, 20, 50]),
      sort: pick(sorts),
      facets: ['category', 'role', 'provider', 'pricing'],
      filters: random() < 0.5 ? { category: [document.category] } : { role: [document.role.toUpperCase()] },
      priceMonthly: random() < 0.3 ? { min: 5, max: 60 } : undefined,
      excludeIds: random() < 0.2 ? [pick(documents).id] : undefined,
    });
  }
  for (let i = 0; i < 100; i++) requests.push({ query: '', similarTo: pick(documents).id, hitsPerPage: 12 });
  return requests;
}

const comparable = (response: SearchResponse) => JSON.stringify({ ...response, processingTimeMs: 0 });

async function compare(label: string, documents: SearchDocument[], queries: string[], against: string) {
  const ours = await engineOf(process.cwd(), false);
  const trip = await engineOf(process.cwd(), true);
  const theirs = await engineOf(against, false);
  const engines = [ours, trip, theirs];
  for (const engine of engines) await engine.load(documents);
  const check = (phase: string) => {
    const requests = requestsFor(documents, queries, 11);
    let differences = 0;
    let roundTripOnly = 0;
    for (const request of requests) {
      const answers = engines.map((engine) => comparable(engine.search(request)));
      if (answers[0] !== answers[2] || answers[1] !== answers[2]) {
        differences += 1;
        if (answers[0] === answers[2]) roundTripOnly += 1;
        if (differences <= 3) {
          const which = answers[0] !== answers[2] ? 'this checkout' : 'its snapshot round trip';
          const a = answers[0] !== answers[2] ? answers[0]! : answers[1]!;
          const b = answers[2]!;
          let at = 0;
          while (at < a.length && a[at] === b[at]) at++;
          console.log(`  differs (${phase}, ${which}): ${JSON.stringify(request)}`);
          console.log(`    here:  ...${a.slice(Math.max(0, at - 80), at + 120)}`);
          console.log(`    there: ...${b.slice(Math.max(0, at - 80), at + 120)}`);
        }
      }
    }
    const trip = roundTripOnly > 0 ? ` (${roundTripOnly} of them only after the snapshot round trip)` : '';
    console.log(`${label}, ${phase}: ${requests.length} requests, ${differences} answers differ${trip}`);
    return differences;
  };
  let differences = check('after the bulk load');
  // Writes: edits (a new number for the same id), new agents, removals, a removal and a return.
  const random = seededRandom(5);
  for (let i = 0; i < 400; i++) {
    const document = documents[Math.floor(random() * documents.length)]!;
    const roll = random();
    for (const engine of engines) {
      if (roll < 0.5)
        engine.upsert({ ...document, description: `${document.description} Also drafts reports.` });
      else if (roll < 0.75)
        engine.upsert({ ...document, id: `new-${i}`, name: `${document.name} Next`, role: 'Report Writer' });
      else engine.remove(document.id);
    }
  }
  differences += check('after 400 writes');
  return differences;
}

async function main() {
  const against = optionValue(process.argv, 'against');
  if (!against) throw new Error('usage: same-results-main.ts --against DIR [--agents N]');
  const agents = Number(optionValue(process.argv, 'agents') ?? 3000);
  const sharedDir = path.resolve(optionValue(process.argv, 'shared') ?? '../shared');
  const shared = path.join(sharedDir, 'data/agents.json');
  const devFile = path.join(sharedDir, 'eval/dev-queries.txt');
  const devQueries = fs.existsSync(devFile) ? readQueryFile(devFile).map((line) => line.query) : [];
  // Every judged set's queries and the made-up ones (which reach the loose retry).
  const ownQueries = [
    'own-tune.tsv',
    'own-report.tsv',
    'own-fresh.tsv',
    'own-fresh2.tsv',
    'own-fresh3.tsv',
    'nonsense.tsv',
  ].flatMap((file) => readQueryFile(path.resolve('scripts/eval', file)).map((line) => line.query));
  let differences = 0;
  if (fs.existsSync(shared)) {
    const rows = JSON.parse(fs.readFileSync(shared, 'utf8')) as Array<Record<string, string>>;
    differences += await compare(
      'shared dataset',
      asSearchDocuments(rows),
      [...devQueries, ...ownQueries],
      against,
    );
  }
  const synthetic = asSearchDocuments([...syntheticAgents(agents)] as unknown as Array<
    Record<string, string>
  >);
  differences += await compare(`${agents} synthetic agents`, synthetic, useCaseQueries(400), against);
  console.log(differences === 0 ? 'same answers everywhere' : `${differences} answers differ`);
  process.exitCode = differences === 0 ? 0 : 1;
}

void main();
