import fs from 'node:fs';
import * as accounts from '@agentry/domain/contract/accounts';
import * as admin from '@agentry/domain/contract/admin';
import * as agents from '@agentry/domain/contract/agents';
import * as analytics from '@agentry/domain/contract/analytics';
import * as catalog from '@agentry/domain/contract/catalog';
import * as employer from '@agentry/domain/contract/employer';
import * as profiles from '@agentry/domain/contract/profiles';
import * as providers from '@agentry/domain/contract/providers';
import * as registration from '@agentry/domain/contract/registration';
import * as savedSearches from '@agentry/domain/contract/saved-searches';
import * as search from '@agentry/domain/contract/search';
import * as subscriptions from '@agentry/domain/contract/subscriptions';
import * as team from '@agentry/domain/contract/team';
import * as trust from '@agentry/domain/contract/trust';
import { z } from 'zod';
import { OPERATION_ANSWERS } from '../../../testing/operation-answers';
import { compareShapes, type Shape, shapeOf } from '../../../testing/schema-shape';
import { OPENAPI_FILE } from './docs.routes';

// docs/openapi.yaml checked against the API's contract (domain/src/contract/), which the routes
// answer with (`satisfies`, presenters' return types) and the client reads: every documented
// success answer of an operation in OPERATION_ANSWERS, and every documented schema that has a
// contract schema of the same name, must describe the same JSON as the contract (fields, types,
// enum values, which fields are always there). A field added, renamed or dropped on one side and
// not the other fails here. The routes are held to the contract by the compiler (`satisfies`).
// js-yaml is jest's own dependency (no types of its own).

const yaml = require('js-yaml') as { safeLoad(text: string): unknown };

type Json = { [key: string]: unknown };

/**
 * Operations whose success answer is not (yet) in the contract, and why. A new operation must be
 * added to one list or the other, so none is left unchecked by oversight.
 */
const OUTSIDE_THE_CONTRACT: Record<string, string> = {
  livez: 'health probe (server/src/lifecycle), not part of the API the client reads',
  healthz: 'health probe',
  readyz: 'health probe',
  stripeWebhook: "Stripe's call to us: its answer is for Stripe",
};

/** Documented schemas named as in the contract but for a wrapper or a different name. */
const SCHEMA_NAMES: Record<string, z.ZodType> = {
  Agent: agents.PublicAgent,
  /** The 409 of a registration whose listing nobody owns (the contract names the part inside). */
  UnclaimedListing: z.strictObject({ error: z.string(), unclaimed_listing: registration.UnclaimedListing }),
};

const CONTRACT: Record<string, unknown> = {
  ...accounts,
  ...admin,
  ...agents,
  ...analytics,
  ...catalog,
  ...employer,
  ...profiles,
  ...providers,
  ...registration,
  ...savedSearches,
  ...search,
  ...subscriptions,
  ...team,
  ...trust,
  ...SCHEMA_NAMES,
};

const contractShape = (schema: z.ZodType): Shape =>
  shapeOf(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json);

interface DocumentedAnswer {
  operation: string;
  status: string;
  schema: Json;
}

function documentedAnswers(root: Json): DocumentedAnswer[] {
  const answers: DocumentedAnswer[] = [];
  for (const item of Object.values(root.paths as Json)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      for (const [status, raw] of Object.entries(operation.responses as Json)) {
        if (!status.startsWith('2')) continue;
        let response = raw as Json;
        if (typeof response.$ref === 'string')
          response = (root.components as { responses: Json }).responses[
            response.$ref.split('/').pop()!
          ] as Json;
        const schema = (response.content as Json | undefined)?.['application/json'] as Json | undefined;
        if (schema?.schema)
          answers.push({ operation: String(operation.operationId), status, schema: schema.schema as Json });
      }
    }
  }
  return answers;
}

describe('docs/openapi.yaml and the contract', () => {
  const root = yaml.safeLoad(fs.readFileSync(OPENAPI_FILE, 'utf8')) as Json;
  const answers = documentedAnswers(root);

  it('reads the documented answers (sanity check of the reader)', () => {
    expect(answers.length).toBeGreaterThan(90);
    expect(answers.map((answer) => answer.operation)).toContain('adminListAgents');
  });

  it('knows of every operation with a JSON answer: checked against the contract, or said why not', () => {
    const unknown = answers
      .map((answer) => answer.operation)
      .filter((id) => !(id in OPERATION_ANSWERS) && !(id in OUTSIDE_THE_CONTRACT));
    expect(unknown).toEqual([]);
    const documented = new Set(answers.map((answer) => answer.operation));
    expect(Object.keys(OPERATION_ANSWERS).filter((id) => !documented.has(id))).toEqual([]);
    // An operation the contract now answers leaves the list of those outside it.
    expect(Object.keys(OUTSIDE_THE_CONTRACT).filter((id) => id in OPERATION_ANSWERS)).toEqual([]);
  });

  it('documents every success answer as the contract declares it', () => {
    const differences = answers
      .filter((answer) => answer.operation in OPERATION_ANSWERS)
      .flatMap(({ operation, status, schema }) =>
        compareShapes(shapeOf(schema, root), contractShape(OPERATION_ANSWERS[operation]!), operation).map(
          (difference) => `${status} ${difference}`,
        ),
      );
    expect(differences).toEqual([]);
  });

  it('documents each schema named as in the contract as the contract declares it', () => {
    const schemas = (root.components as { schemas: Json }).schemas;
    const named = Object.keys(schemas).filter((name) => CONTRACT[name] instanceof z.ZodType);
    expect(named).toEqual(expect.arrayContaining(['Agent', 'AdminAgent', 'User', 'InstantSearchResult']));
    const differences = named.flatMap((name) =>
      compareShapes(shapeOf(schemas[name], root), contractShape(CONTRACT[name] as z.ZodType), name),
    );
    expect(differences).toEqual([]);
  });

  it('tells a documented field the contract lacks, and a contract field left undocumented', () => {
    const documented = shapeOf({
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, extra: { type: 'string' } },
    });
    const contract = contractShape(
      z.strictObject({ id: z.string(), name: z.string().nullable(), added: z.number() }),
    );
    expect(compareShapes(documented, contract)).toEqual([
      '$.added: in the contract, not documented',
      '$.extra: documented, not in the contract',
      '$.name: documented string, contract null|string',
    ]);
  });
});
