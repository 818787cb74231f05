import fs from 'node:fs';
import type { AgentField } from '@agentry/domain/agent';
import { decodeEntities } from '@agentry/domain/html-entities';
import { normalizePricing } from '@agentry/domain/pricing';
import { InvertedIndex } from '@agentry/platform/search/embedded/inverted-index';
import { explainSearch } from '@agentry/platform/search/embedded/ranker-input';
import { Scratch } from '@agentry/platform/search/embedded/scratch';
import type { SearchDocument } from '@agentry/platform/search/port';
import { readQueryFile } from '../query-file';
import type { Qrels } from '../score';

// Training examples for the learned ranker: for each judged query, the embedded engine's window of
// candidates (as a search ranks them before the second stage) with their features and grades.
// The catalog is loaded straight into an index (no server): agent i of the file has id "i", which
// is how the qrels name agents (their `index`).

/** An agent's fields, as AGENT_FIELDS names them (domain/src/agent.ts). */
export type CatalogAgent = Record<AgentField, string>;

export interface Example {
  set: string;
  query: string;
  /** Candidates in the engine's order. */
  candidates: Array<{ id: number; name: string; grade: number; features: number[]; score: number }>;
  /** The sum of the query's group weights: what one plain match of every group scores. */
  reference: number;
  importance: number[];
  /** Every judged grade of the query (for the ideal DCG). */
  grades: number[];
}

export function catalogIndex(agentsFile: string): {
  index: InvertedIndex;
  scratch: Scratch;
  agents: CatalogAgent[];
} {
  const agents = JSON.parse(fs.readFileSync(agentsFile, 'utf8')) as CatalogAgent[];
  const documents: SearchDocument[] = agents.map((agent, i) => ({
    id: String(i),
    name: decodeEntities(agent.name),
    provider: decodeEntities(agent.provider),
    category: decodeEntities(agent.category),
    role: decodeEntities(agent.role),
    description: decodeEntities(agent.description),
    cost: agent.cost,
    address: agent.address,
    ...normalizePricing(agent.cost),
  }));
  const index = new InvertedIndex();
  index.load(documents);
  return { index, scratch: new Scratch(), agents };
}

export interface JudgedSet {
  label: string;
  queries: string;
  qrels: string;
}

export function examplesOf(
  catalog: { index: InvertedIndex; scratch: Scratch; agents: CatalogAgent[] },
  set: JudgedSet,
  window?: number,
): Example[] {
  const qrels = JSON.parse(fs.readFileSync(set.qrels, 'utf8')) as Qrels;
  const judged = new Map(qrels.queries.map((q) => [q.query, q.judgments]));
  return readQueryFile(set.queries).map(({ query }) => {
    const judgments = judged.get(query) ?? [];
    const gradeOf = new Map<number, number>();
    for (const j of judgments) if (j.index !== undefined) gradeOf.set(j.index, j.grade);
    const explained = explainSearch(catalog.index, catalog.scratch, query, window);
    return {
      set: set.label,
      query,
      grades: judgments.map((j) => j.grade),
      reference: explained.context.importance.reduce((sum, value) => sum + value, 0),
      importance: explained.context.importance,
      candidates: explained.candidates.map((candidate, i) => {
        const id = Number(catalog.index.idOf(candidate.n));
        return {
          id,
          name: catalog.agents[id]!.name,
          grade: gradeOf.get(id) ?? 0,
          features: Array.from(explained.features[i]!),
          score: candidate.score,
        };
      }),
    };
  });
}
