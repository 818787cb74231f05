// What the attacker of `npm run bench:abuse` sends, as issue 21 reproduced it: JSON-RPC batches of
// `search_agents` calls with long queries to POST /mcp, 20-search POSTs to the public
// multi-search, and one search carrying thousands of facet filter values. Pure functions of a
// seeded random source, so every run sends the same bodies.

/** Words of the catalog's descriptions (3 letters or more, lower case, each once). */
export function vocabularyOf(descriptions: Iterable<string>, max = 5000): string[] {
  const words = new Set<string>();
  for (const description of descriptions) {
    for (const word of description.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
      words.add(word);
      if (words.size >= max) return [...words];
    }
  }
  return [...words];
}

/** A query of catalog words as long as `length` characters at most (490: just under the 500 allowed). */
export function longQuery(vocabulary: readonly string[], random: () => number, length = 490): string {
  let query = '';
  for (;;) {
    const word = vocabulary[Math.floor(random() * vocabulary.length)]!;
    const next = query ? `${query} ${word}` : word;
    if (next.length > length) return query;
    query = next;
  }
}

/** One POST /mcp body: a JSON-RPC batch of `calls` search_agents calls, each with its own query. */
export function mcpSearchBatch(queries: readonly string[]): unknown[] {
  return queries.map((query, index) => ({
    jsonrpc: '2.0',
    id: index + 1,
    method: 'tools/call',
    params: { name: 'search_agents', arguments: { query, limit: 50 } },
  }));
}

/** One POST /api/instantsearch/multi-search body: a search per query, with every facet counted. */
export function multiSearchBody(queries: readonly string[]): { requests: unknown[] } {
  return {
    requests: queries.map((query) => ({
      indexName: 'agents',
      params: { query, hitsPerPage: 20, page: 0, facets: ['*'] },
    })),
  };
}

/**
 * One search whose facet filter lists `values` roles (OR-ed): the list-copying merge of finding 1.
 * Short values, so that 9,000 fit in the 100 kB a JSON body may weigh.
 */
export function facetFloodBody(values: number): { requests: unknown[] } {
  const alternatives = Array.from({ length: values }, (_, i) => `role:${i.toString(36)}`);
  return {
    requests: [{ indexName: 'agents', params: { query: '', hitsPerPage: 20, facetFilters: [alternatives] } }],
  };
}
