import { bodyMutations, type Mutation, type MutationContext, rawBodyMutations } from './body-mutations';
import { type CallerPicker, isStateChange, pathValue, wrongCaller } from './callers';
import type { RawRequest } from './client';
import { assemble, baseDraft, bodyType, type Draft, MULTIPART } from './draft';
import type { Operation } from './openapi';
import { paramMutations } from './param-mutations';
import type { Rng } from './rng';
import type { Hints } from './sample';
import { badFileMutation, uploadMutations } from './upload-mutations';
import type { CallerName, CsrfMode, World } from './world';

// One fuzz case: a request the operation would accept, changed in one way of one kind, and who
// sends it. Kinds take turns per operation, so every kind is tried once N covers them.

export const KINDS = [
  'wrong-caller',
  'wrong-type',
  'missing',
  'huge',
  'markup',
  'nosql',
  'proto',
  'unicode',
  'query-shape',
  'malformed-json',
  'content-type',
  'oversize',
  'traversal',
  'bad-file',
] as const;

export type Kind = (typeof KINDS)[number];

export interface FuzzCase {
  operation: Operation;
  index: number;
  kind: Kind;
  /** What was changed, in words. */
  detail: string;
  caller: CallerName;
  csrf: CsrfMode;
  /** Names this case in its markup. */
  token: string;
  request: RawRequest;
  /** Any answer but a refusal (401, 403) is a failure: a key sent where it must open nothing. */
  mustRefuse?: true;
}

export function applicableKinds(operation: Operation): Kind[] {
  const upload = bodyType(operation) === MULTIPART;
  return KINDS.filter((kind) => {
    if (kind === 'wrong-caller') return operation.audience !== 'public';
    if (kind === 'malformed-json' || kind === 'content-type' || kind === 'oversize')
      return isStateChange(operation);
    if (kind === 'traversal')
      return upload || operation.parameters.some((parameter) => parameter.in === 'path');
    if (kind === 'bad-file') return upload;
    return true;
  });
}

/** The store's values for body fields, so that a base body passes everything but the change. */
export function hintsOf(world: World): Hints {
  const { ids } = world;
  return {
    // Not the agent the seeded contact request is about (one request per agent every 10 minutes).
    agent_id: ids.ownAgents[2],
    session_id: ids.checkout,
    ids: `${ids.ownAgents[0]},${ids.ownAgents[1]}`,
    name: () => `Fuzz Finch ${nextNumber()}`,
    email: () => `fuzz-${nextNumber()}@example.com`,
    provider: 'Fuzz Labs',
    category: 'Finance',
    role: 'Bookkeeper',
    description: 'Sorts receipts every month.',
    cost: '$5/month',
    address: 'https://fuzzfinch.example',
    website: 'https://fuzzfinch.example',
    facets: ['category'],
    facetFilters: [['category:Finance']],
    numericFilters: ['price_monthly<=50'],
  };
}

let numbered = 0;
const nextNumber = () => {
  numbered += 1;
  return numbered;
};

function mutationsFor(operation: Operation, kind: Kind, draft: Draft, rng: Rng): Array<Mutation | undefined> {
  if (kind === 'bad-file') return [badFileMutation];
  const param = paramMutations[kind]?.(operation);
  if (draft.parts) return [uploadMutations[kind], rawBodyMutations[kind], param];
  const body = bodyMutations[kind];
  const raw = rawBodyMutations[kind];
  if (draft.body !== undefined && rng.chance(0.7)) return [body, raw, param];
  return [param, raw, body];
}

function mutate(operation: Operation, kind: Kind, draft: Draft, context: MutationContext): string {
  for (const mutation of mutationsFor(operation, kind, draft, context.rng)) {
    const detail = mutation?.(draft, context);
    if (detail) return detail;
  }
  // Nothing of that kind to change (a call without parameters or body): odd query strings instead.
  return `(no ${kind}) ${paramMutations['query-shape']!(operation)(draft, context)}`;
}

export function buildCase(
  operation: Operation,
  index: number,
  kind: Kind,
  rng: Rng,
  world: World,
  picker: CallerPicker,
): FuzzCase {
  const token = `fz${index.toString(36)}q${rng.int(36 ** 4).toString(36)}`;
  const right = picker.rightCaller(operation);
  const draft = baseDraft(
    operation,
    (name) => pathValue(operation, name, world.callers[right], world.ids),
    hintsOf(world),
    rng,
  );
  let caller = right;
  let csrf: CsrfMode = 'ok';
  let detail: string;
  const wrong = kind === 'wrong-caller' ? wrongCaller(operation, right, rng) : null;
  if (wrong) {
    ({ caller, csrf, detail } = wrong);
  } else {
    detail = mutate(operation, kind, draft, { rng, token });
  }
  const request = assemble(operation, draft);
  return {
    operation,
    index,
    kind,
    detail,
    caller,
    csrf,
    token,
    request,
    ...(wrong?.mustRefuse ? { mustRefuse: true } : {}),
  };
}
