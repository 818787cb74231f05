import type { Mutation } from './body-mutations';
import { type Draft, encodeQueryValue } from './draft';
import type { Operation, Parameter } from './openapi';
import {
  markupPayloads,
  NOSQL_QUERY_SUFFIXES,
  PROTO_QUERIES,
  QUERY_SHAPES,
  TRAVERSAL_IDS,
  UNICODE_STRINGS,
} from './payloads';
import type { Rng } from './rng';

// Bad inputs in the path's ids, the query string and the header parameters.

type Target = Pick<Parameter, 'name' | 'in'>;

/** Query names every operation gets tried with, described or not. */
const INVENTED_QUERY = ['q', 'limit', 'offset', 'id', 'sort'];

const headerSafe = (value: string) => /^[\t\x20-\x7e]*$/.test(value);

function targets(operation: Operation, rng: Rng, where: Array<Parameter['in']>): Target[] {
  const declared = operation.parameters.filter((parameter) => where.includes(parameter.in));
  if (declared.length > 0 && rng.chance(0.85)) return declared;
  return where.includes('query') ? [{ name: rng.pick(INVENTED_QUERY), in: 'query' }] : declared;
}

function setParam(draft: Draft, target: Target, value: string, raw = false): void {
  if (target.in === 'path') {
    draft.pathParams[target.name] = value;
    if (raw) draft.rawPath.add(target.name);
    else draft.rawPath.delete(target.name);
  } else if (target.in === 'header') {
    draft.headers[target.name.toLowerCase()] = value;
  } else if (target.in === 'query') {
    setQuery(draft, target.name, `${target.name}=${raw ? value : encodeQueryValue(value)}`);
  }
}

/** Replaces every occurrence of `name` in the query string by `pair` (which may spell it oddly). */
function setQuery(draft: Draft, name: string, pair: string | null): void {
  draft.query = draft.query.filter((existing) => existing.split(/[=[]/)[0] !== name);
  if (pair !== null) draft.query.push(pair);
}

const describe = (target: Target, what: string) => `${target.in} ${target.name} = ${what}`;
const preview = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);

/** A mutation over one parameter: `make` gives the value, or null when it does not fit the target. */
function paramMutation(
  where: Array<Parameter['in']>,
  make: (target: Target, rng: Rng, token: string) => { value: string; raw?: boolean } | null,
): (operation: Operation) => Mutation {
  return (operation) =>
    (draft, { rng, token }) => {
      for (const target of rng.shuffle(targets(operation, rng, where))) {
        const made = make(target, rng, token);
        if (!made) continue;
        if (target.in === 'header' && !headerSafe(made.value)) continue;
        setParam(draft, target, made.value, made.raw);
        return describe(target, preview(made.value));
      }
      return null;
    };
}

const ALL: Array<Parameter['in']> = ['path', 'query', 'header'];

export const paramMutations: Record<string, (operation: Operation) => Mutation> = {
  'wrong-type': paramMutation(ALL, (_target, rng) => ({
    value: rng.pick(['abc', '-1', '1.5', 'true', 'null', '[]', '{}', '0', '1e3', ' ', 'W/""', '*']),
  })),

  missing:
    (operation) =>
    (draft, { rng }) => {
      const present = operation.parameters.filter(
        (parameter) =>
          parameter.in !== 'cookie' &&
          (parameter.in !== 'query' || draft.query.some((pair) => pair.startsWith(`${parameter.name}=`))),
      );
      if (present.length === 0) return null;
      const target = rng.pick(present);
      if (target.in === 'path') {
        setParam(draft, target, rng.pick(['', ' ']));
        return describe(target, 'blank');
      }
      if (target.in === 'header') delete draft.headers[target.name.toLowerCase()];
      else setQuery(draft, target.name, rng.chance(0.5) ? null : `${target.name}=`);
      return `${target.in} ${target.name} left out or empty`;
    },

  huge: paramMutation(ALL, (target, rng) => {
    const length =
      target.in === 'query'
        ? rng.pick([600, 3_000])
        : target.in === 'header'
          ? 6_000
          : rng.pick([65, 300, 3_000]);
    return { value: 'a'.repeat(length) };
  }),

  markup: paramMutation(ALL, (_target, rng, token) => ({ value: rng.pick(markupPayloads(token)) })),

  nosql: (operation) => (draft, context) => {
    const query = targets(operation, context.rng, ['query']);
    if (query.length > 0 && context.rng.chance(0.7)) {
      const target = context.rng.pick(query);
      const suffix = context.rng.pick(NOSQL_QUERY_SUFFIXES);
      setQuery(draft, target.name, `${target.name}${suffix}`);
      return `query ${target.name}${suffix}`;
    }
    return paramMutation(['path', 'header'], (_target, rng) => ({
      value: rng.pick(['{"$gt":""}', '{"$ne":null}', '$where', '[$ne]']),
    }))(operation)(draft, context);
  },

  proto:
    () =>
    (draft, { rng }) => {
      const pair = rng.pick(PROTO_QUERIES);
      draft.query.push(pair);
      return `query ${pair}`;
    },

  unicode: paramMutation(ALL, (_target, rng) => ({ value: rng.pick(UNICODE_STRINGS) })),

  'query-shape':
    (operation) =>
    (draft, { rng }) => {
      const target = rng.pick(targets(operation, rng, ['query']));
      const pair = rng.pick(QUERY_SHAPES)(target.name);
      setQuery(draft, target.name, pair);
      return `query ${pair.length > 80 ? `${pair.slice(0, 77)}...` : pair}`;
    },

  traversal: paramMutation(['path'], (_target, rng) => ({ value: rng.pick(TRAVERSAL_IDS), raw: true })),
};
