import { bodyLists, itemsFor, valueAt, withValueAt } from './body-lists';
import { readOperations } from './openapi';

describe('the lists a request body may carry', () => {
  it('finds each list with its bound, through properties, items and variants, batches of objects marked', () => {
    const schema = {
      type: 'object',
      properties: {
        requests: {
          type: 'array',
          maxItems: 20,
          items: {
            type: 'object',
            properties: {
              params: {
                oneOf: [
                  {
                    type: 'object',
                    properties: {
                      tags: { type: 'array', maxItems: 10, items: { type: 'string' } },
                      filters: {
                        type: 'array',
                        'x-max-values': 100,
                        items: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                      },
                    },
                  },
                  { type: 'string' },
                ],
              },
            },
          },
        },
        notes: { type: 'array', items: { type: 'string' } },
      },
    };
    expect(bodyLists(schema)).toEqual([
      { path: ['requests'], max: 20, nested: false, batch: true },
      { path: ['requests', 0, 'params', 'tags'], max: 10, nested: false, batch: false },
      { path: ['requests', 0, 'params', 'filters'], max: 100, nested: true, batch: false },
      { path: ['notes'], max: null, nested: false, batch: false },
    ]);
  });

  it('builds a body with a list of n items in place of the example’s, keeping a batch’s first item', () => {
    const example = {
      requests: [{ params: { query: 'a', filters: [['category:X'], 'pricing:free'] } }, { params: {} }],
    };
    const filters = {
      path: ['requests', 0, 'params', 'filters'] as const,
      max: 100,
      nested: true,
      batch: false,
    };
    const sample = valueAt(example, [...filters.path]);
    expect(
      withValueAt(example, [...filters.path], itemsFor({ ...filters, path: [...filters.path] }, sample, 3)),
    ).toEqual({
      requests: [{ params: { query: 'a', filters: [['category:X', 'category:X', 'category:X']] } }],
    });
    const batch = { path: ['requests'], max: 20, nested: false, batch: true };
    expect(withValueAt(example, batch.path, itemsFor(batch, example.requests, 2))).toEqual({
      requests: [example.requests[0], example.requests[0]],
    });
  });

  it('finds every list of docs/openapi.yaml bounded', () => {
    const unbounded = readOperations().flatMap((operation) =>
      Object.values(operation.body?.content ?? {}).flatMap((schema) =>
        bodyLists(schema)
          .filter((list) => list.max === null)
          .map((list) => `${operation.id} ${list.path.join('.')}`),
      ),
    );
    expect(unbounded).toEqual([]);
  });
});
