// Where a value sits inside a JSON body, and how to change it there without touching the rest.

export type JsonPath = Array<string | number>;

/** Every place in `value` (the root too), to `maxDepth` levels. */
export function jsonPaths(value: unknown, maxDepth = 3, at: JsonPath = []): JsonPath[] {
  const paths: JsonPath[] = [at];
  if (at.length >= maxDepth || !value || typeof value !== 'object') return paths;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) paths.push(...jsonPaths(item, maxDepth, [...at, key]));
  return paths;
}

export function getAt(root: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    root,
  );
}

/** A copy of `root` with the value at `path` replaced (removed when `remove`). */
export function setAt(root: unknown, path: JsonPath, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  const copy: Record<string | number, unknown> | unknown[] = Array.isArray(root)
    ? [...root]
    : { ...(root as Record<string, unknown>) };
  if (rest.length === 0 && remove) {
    if (Array.isArray(copy)) copy.splice(key as number, 1);
    else delete copy[key!];
    return copy;
  }
  (copy as Record<string | number, unknown>)[key!] = setAt(
    (copy as Record<string | number, unknown>)[key!],
    rest,
    value,
    remove,
  );
  return copy;
}

export const describePath = (path: JsonPath) => (path.length === 0 ? 'body' : `body.${path.join('.')}`);
