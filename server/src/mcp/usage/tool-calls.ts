/**
 * The tools a JSON-RPC body calls (`tools/call`), one name per call, for the usage counts: only
 * names of `known` tools, so that made-up names never reach the store.
 */
export function toolCallsIn(body: unknown, known: readonly string[]): string[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    if (typeof message !== 'object' || message === null) return [];
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    const name = method === 'tools/call' ? params?.name : undefined;
    return typeof name === 'string' && known.includes(name) ? [name] : [];
  });
}
