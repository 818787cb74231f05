// What Meilisearch v1.28.2 documents about the requests this adapter sends and the answers it reads,
// as rules and recorded examples for the wire tests (wire.test.ts). Each comes from the API reference
// (generated from the utoipa annotations of the v1.28.2 source, crates/meilisearch/src/routes/) or the
// documentation pages named beside it (meilisearch/documentation; https://www.meilisearch.com/docs).

/**
 * The settings object's fields (crates/meilisearch-types/src/settings.rs `struct Settings`, serde
 * rename_all camelCase, deny_unknown_fields: any other field is refused with a 400).
 */
export const SETTING_NAMES = [
  'displayedAttributes',
  'searchableAttributes',
  'filterableAttributes',
  'sortableAttributes',
  'rankingRules',
  'stopWords',
  'nonSeparatorTokens',
  'separatorTokens',
  'dictionary',
  'synonyms',
  'distinctAttribute',
  'proximityPrecision',
  'typoTolerance',
  'faceting',
  'pagination',
  'embedders',
  'searchCutoffMs',
  'localizedAttributes',
  'facetSearch',
  'prefixSearch',
  'chat',
  'vectorStore',
] as const;

/** Same file: TypoSettings, FacetingSettings, PaginationSettings (deny_unknown_fields). */
export const TYPO_TOLERANCE_FIELDS = [
  'enabled',
  'minWordSizeForTypos',
  'disableOnWords',
  'disableOnAttributes',
  'disableOnNumbers',
];
export const FACETING_FIELDS = ['maxValuesPerFacet', 'sortFacetValuesBy'];
/** crates/meilisearch-types/src/facet_values_sort.rs: Alpha | Count, camelCase. */
export const FACET_ORDERS = ['alpha', 'count'];
export const PAGINATION_FIELDS = ['maxTotalHits'];

/**
 * Synonyms (capabilities/full_text_search/relevancy/synonyms.mdx): looked up only for terms of 1 to
 * 3 words; at most 50 synonyms per term; their words together at most 100.
 */
export const SYNONYM_TERM_MAX_WORDS = 3;
export const SYNONYMS_PER_TERM_MAX = 50;
export const SYNONYM_WORDS_PER_TERM_MAX = 100;

/**
 * capabilities/full_text_search/how_to/paginate_search_results.mdx: "Setting maxTotalHits to values
 * over 20000 may result in queries taking seconds to complete."
 */
export const MAX_TOTAL_HITS_ADVISED = 20_000;

/**
 * reference/errors/error_codes.mdx: a query of a federated multi-search may hold neither
 * pagination (invalid_multi_search_query_pagination) nor facets (invalid_multi_search_query_facets);
 * federationOptions only with a federation (invalid_multi_search_query_federated). Checked in
 * crates/meilisearch/src/search/federated/perform.rs (has_pagination, has_facets).
 */
export const FEDERATED_QUERY_FORBIDDEN = ['page', 'hitsPerPage', 'limit', 'offset', 'facets'];

/** capabilities/security/how_to/manage_api_keys.mdx, "Available actions". */
export const KEY_ACTIONS = [
  '*',
  'search',
  'documents.add',
  'documents.get',
  'documents.delete',
  'indexes.create',
  'indexes.get',
  'indexes.update',
  'indexes.delete',
  'indexes.swap',
  'tasks.get',
  'tasks.cancel',
  'tasks.delete',
  'settings.get',
  'settings.update',
  'stats.get',
  'dumps.create',
  'snapshots.create',
  'version',
  'keys.get',
  'keys.create',
  'keys.update',
  'keys.delete',
];

/** crates/meilisearch/src/routes/indexes/settings.rs, PATCH /indexes/{indexUid}/settings, 202 example. */
export const SUMMARIZED_TASK_EXAMPLE = {
  taskUid: 147,
  indexUid: 'movies',
  status: 'enqueued',
  type: 'settingsUpdate',
  enqueuedAt: '2024-08-08T17:05:55.791772Z',
};

/** crates/meilisearch/src/routes/tasks.rs, GET /tasks/{taskUid}, 200 example. */
export const TASK_EXAMPLE = {
  uid: 1,
  indexUid: 'movies',
  status: 'succeeded',
  type: 'documentAdditionOrUpdate',
  canceledBy: null,
  details: { receivedDocuments: 79000, indexedDocuments: 79000 },
  error: null,
  duration: 'PT1S',
  enqueuedAt: '2021-01-01T09:39:00.000000Z',
  startedAt: '2021-01-01T09:39:01.000000Z',
  finishedAt: '2021-01-01T09:39:02.000000Z',
};

/** crates/meilisearch/src/routes/api_key.rs, POST /keys, example of the created key. */
export const KEY_EXAMPLE = {
  uid: '01b4bc42-eb33-4041-b481-254d00cce834',
  key: 'd0552b41536279a0ad88bd595327b96f01176a60c2243e906c52ac02375f9bc4',
  name: 'Indexing Products API key',
  description: null,
  actions: ['documents.add'],
  indexes: ['products'],
  expiresAt: '2021-11-13T00:00:00Z',
  createdAt: '2021-11-12T10:00:00Z',
  updatedAt: '2021-11-12T10:00:00Z',
};

/** crates/meilisearch/src/routes/multi_search.rs, POST /multi-search, federated example (one hit). */
export const FEDERATED_RESULT_EXAMPLE = {
  hits: [
    {
      id: 42,
      title: 'Batman returns',
      overview: 'The overview of batman returns',
      _federation: { indexUid: 'movies', queriesPosition: 0 },
    },
  ],
  processingTimeMs: 0,
  limit: 20,
  offset: 0,
  estimatedTotalHits: 2,
  semanticHitCount: 0,
};

/** snippets/generated-code-samples/code_samples_federated_search_multi_search_weight_1.mdx (request). */
export const FEDERATED_REQUEST_EXAMPLE = {
  federation: {},
  queries: [
    { indexUid: 'chats', q: 'rotondo' },
    { indexUid: 'profiles', q: 'rotondo', federationOptions: { weight: 1.2 } },
    { indexUid: 'tickets', q: 'rotondo' },
  ],
};

const unknownFields = (value: unknown, allowed: readonly string[], where: string): string[] =>
  value !== null && typeof value === 'object'
    ? Object.keys(value)
        .filter((key) => !allowed.includes(key))
        .map((key) => `${where}.${key} is not a documented field`)
    : [`${where} is not an object`];

const wordsOf = (phrase: string) => phrase.split(/\s+/).filter(Boolean).length;

/** What Meilisearch would refuse in a settings body, or do silently otherwise than asked. */
export function settingsProblems(body: Record<string, unknown>): string[] {
  const problems = unknownFields(body, SETTING_NAMES, 'settings');
  if (body.typoTolerance)
    problems.push(...unknownFields(body.typoTolerance, TYPO_TOLERANCE_FIELDS, 'typoTolerance'));
  if (body.faceting) {
    problems.push(...unknownFields(body.faceting, FACETING_FIELDS, 'faceting'));
    const order = (body.faceting as { sortFacetValuesBy?: Record<string, string> }).sortFacetValuesBy ?? {};
    for (const [facet, value] of Object.entries(order))
      if (!FACET_ORDERS.includes(value)) problems.push(`faceting.sortFacetValuesBy.${facet} is ${value}`);
  }
  if (body.pagination) {
    problems.push(...unknownFields(body.pagination, PAGINATION_FIELDS, 'pagination'));
    const max = (body.pagination as { maxTotalHits?: number }).maxTotalHits ?? 0;
    if (max > MAX_TOTAL_HITS_ADVISED)
      problems.push(`pagination.maxTotalHits ${max} is over the advised 20,000`);
  }
  for (const [term, synonyms] of Object.entries((body.synonyms ?? {}) as Record<string, string[]>)) {
    if (wordsOf(term) > SYNONYM_TERM_MAX_WORDS) problems.push(`synonym term "${term}" is never looked up`);
    if (synonyms.length > SYNONYMS_PER_TERM_MAX) problems.push(`synonyms of "${term}" past 50 are ignored`);
    if (synonyms.reduce((sum, synonym) => sum + wordsOf(synonym), 0) > SYNONYM_WORDS_PER_TERM_MAX)
      problems.push(`synonyms of "${term}" hold more than 100 words`);
  }
  return problems;
}

/** What Meilisearch would refuse in a multi-search body. */
export function multiSearchProblems(body: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const queries = (body.queries ?? []) as Array<Record<string, unknown>>;
  if (!Array.isArray(body.queries)) problems.push('queries is not an array');
  const federated = body.federation !== undefined && body.federation !== null;
  queries.forEach((query, position) => {
    if (typeof query.indexUid !== 'string') problems.push(`queries[${position}] has no indexUid`);
    if (federated) {
      for (const field of FEDERATED_QUERY_FORBIDDEN)
        if (query[field] !== undefined) problems.push(`queries[${position}].${field} in a federated search`);
    } else if (query.federationOptions !== undefined)
      problems.push(`queries[${position}].federationOptions without a federation`);
  });
  return problems;
}

/** What Meilisearch would refuse in a key's creation body (POST /keys). */
export function keyCreationProblems(body: Record<string, unknown>): string[] {
  const problems = unknownFields(
    body,
    ['uid', 'name', 'description', 'actions', 'indexes', 'expiresAt'],
    'key',
  );
  for (const field of ['actions', 'indexes', 'expiresAt'])
    if (!(field in body)) problems.push(`key.${field} is required`);
  for (const action of (body.actions ?? []) as string[])
    if (!KEY_ACTIONS.includes(action)) problems.push(`key action ${action} is not documented`);
  return problems;
}
