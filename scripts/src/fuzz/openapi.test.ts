import { readOperations, resolveRefs } from './openapi';

describe('readOperations (docs/openapi.yaml)', () => {
  const operations = readOperations();
  const byId = (id: string) => operations.find((operation) => operation.id === id)!;

  it('lists every method of every path, preflights included', () => {
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining(['GET /api/agents/{id}', 'OPTIONS /api/agents/{id}', 'POST /api/admin/upload']),
    );
    expect(new Set(operations.map((operation) => operation.id)).size).toBe(operations.length);
  });

  it('reads who each call is for from its security and its 401', () => {
    expect(byId('search')).toMatchObject({ audience: 'public', csrf: false });
    expect(byId('registerAgent')).toMatchObject({ audience: 'session', csrf: true });
    expect(byId('createShortlist')).toMatchObject({ audience: 'signed-in', csrf: true });
    expect(byId('listOwnAgents')).toMatchObject({ audience: 'signed-in', csrf: false });
    expect(byId('adminStats')).toMatchObject({ audience: 'admin' });
  });

  it('resolves the parameters and bodies the description refers to', () => {
    expect(byId('getAgent').parameters).toContainEqual(
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ maxLength: 64 }),
      }),
    );
    const form = byId('registerAgent').body!.content['application/json']!;
    expect(form.allOf).toEqual(
      expect.arrayContaining([expect.objectContaining({ required: expect.any(Array) })]),
    );
    expect(Object.keys(byId('adminUploadAgents').body!.content)).toEqual(['multipart/form-data']);
  });
});

describe('resolveRefs', () => {
  it('replaces a $ref by its target, the siblings of the $ref winning', () => {
    const root = { components: { schemas: { Id: { type: 'string', maxLength: 64 } } } };
    expect(resolveRefs({ $ref: '#/components/schemas/Id', maxLength: 10 }, root)).toEqual({
      type: 'string',
      maxLength: 10,
    });
    expect(() => resolveRefs({ $ref: '#/components/schemas/Nope' }, root)).toThrow('unknown $ref');
  });
});
