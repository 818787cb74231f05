// What a JSON Schema says about the data it describes, and nothing about how it is written: the
// types a value may have (integer counted as number), the values of an enum or a const, an
// object's properties and which are required, what an array or a map holds. Descriptions, bounds
// and formats are left out. Two schemas with the same shape describe the same JSON, so comparing
// docs/openapi.yaml's schemas with the contract's (z.toJSONSchema) tells when one lost a field, a
// type or an enum value that the other has.

type Json = { [key: string]: unknown };

export interface Shape {
  types: string[];
  values?: string[];
  properties?: Record<string, Shape>;
  required?: string[];
  /** additionalProperties: what every other key of a map holds. */
  rest?: Shape;
  items?: Shape;
  /** anyOf/oneOf branches that are not just null. */
  variants?: Shape[];
}

const typeOfValue = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const sortedUnique = (items: string[]) => [...new Set(items)].sort();

function resolve(node: Json, root: Json): Json {
  let current = node;
  const seen = new Set<string>();
  while (typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
    seen.add(ref);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Json | undefined)?.[key], root) as Json | undefined;
    if (!target) throw new Error(`unknown $ref ${ref}`);
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

/** The shape of a schema; `root` resolves its `#/...` references. */
export function shapeOf(schema: unknown, root: Json = {}): Shape {
  if (schema === true || schema === undefined || (schema && Object.keys(schema).length === 0))
    return { types: ['any'] };
  const node = resolve(schema as Json, root);
  if (Array.isArray(node.allOf)) {
    const { allOf, ...rest } = node;
    return (allOf as unknown[]).map((part) => shapeOf(part, root)).reduce(merge, shapeOf(rest, root));
  }
  const branches = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = node;
    const shapes = branches.map((branch) => shapeOf({ ...rest, ...(branch as Json) }, root));
    const nullable = shapes.some((shape) => shape.types.length === 1 && shape.types[0] === 'null');
    const others = shapes.filter((shape) => !(shape.types.length === 1 && shape.types[0] === 'null'));
    const single =
      others.length === 1
        ? others[0]!
        : { types: sortedUnique(others.flatMap((s) => s.types)), variants: others };
    return { ...single, types: sortedUnique([...single.types, ...(nullable ? ['null'] : [])]) };
  }
  const shape: Shape = { types: [] };
  if ('const' in node) {
    shape.types = [typeOfValue(node.const)];
    shape.values = [String(node.const)];
  }
  if (Array.isArray(node.enum)) {
    shape.values = sortedUnique(node.enum.filter((value) => value !== null).map(String));
    shape.types = sortedUnique(node.enum.map(typeOfValue));
  }
  if (node.type !== undefined) {
    const declared = (Array.isArray(node.type) ? node.type : [node.type]) as string[];
    shape.types = sortedUnique(declared.map((type) => (type === 'integer' ? 'number' : type)));
  }
  if (node.properties || node.additionalProperties || node.type === 'object') {
    if (!shape.types.includes('object')) shape.types = sortedUnique([...shape.types, 'object']);
    const properties = (node.properties ?? {}) as Json;
    shape.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, shapeOf(value, root)]),
    );
    shape.required = sortedUnique((node.required as string[] | undefined) ?? []);
    if (node.additionalProperties && typeof node.additionalProperties === 'object')
      shape.rest = shapeOf(node.additionalProperties, root);
  }
  if (node.items) shape.items = shapeOf(node.items, root);
  if (shape.types.length === 0) shape.types = ['any'];
  return shape;
}

function merge(into: Shape, from: Shape): Shape {
  if (!from.properties) return into;
  return {
    ...into,
    types: sortedUnique([...into.types.filter((type) => type !== 'any'), ...from.types]),
    properties: { ...into.properties, ...from.properties },
    required: sortedUnique([...(into.required ?? []), ...(from.required ?? [])]),
  };
}

const describe = (shape: Shape) =>
  shape.values ? `${shape.types.join('|')} (${shape.values.join(', ')})` : shape.types.join('|');

/** Where two shapes part, one line per difference ("path: documented …, contract …"); none when they agree. */
export function compareShapes(documented: Shape, contract: Shape, path = '$'): string[] {
  if (documented.types.includes('any') || contract.types.includes('any')) return [];
  const differences: string[] = [];
  const types = (shape: Shape) => shape.types.join('|');
  const values = (shape: Shape) => (shape.values ?? []).join(', ');
  if (types(documented) !== types(contract) || values(documented) !== values(contract))
    differences.push(`${path}: documented ${describe(documented)}, contract ${describe(contract)}`);
  if (documented.properties || contract.properties) {
    const described = documented.properties ?? {};
    const declared = contract.properties ?? {};
    for (const key of sortedUnique([...Object.keys(described), ...Object.keys(declared)])) {
      if (!(key in declared)) differences.push(`${path}.${key}: documented, not in the contract`);
      else if (!(key in described)) differences.push(`${path}.${key}: in the contract, not documented`);
      else differences.push(...compareShapes(described[key]!, declared[key]!, `${path}.${key}`));
    }
    const required = (shape: Shape) =>
      (shape.required ?? []).filter((key) => key in described && key in declared);
    const documentedRequired = required(documented);
    const contractRequired = required(contract);
    for (const key of contractRequired.filter((key) => !documentedRequired.includes(key)))
      differences.push(`${path}.${key}: always answered, not documented as required`);
    for (const key of documentedRequired.filter((key) => !contractRequired.includes(key)))
      differences.push(`${path}.${key}: documented as required, optional in the contract`);
  }
  if (documented.rest && contract.rest)
    differences.push(...compareShapes(documented.rest, contract.rest, `${path}.*`));
  if (documented.items && contract.items)
    differences.push(...compareShapes(documented.items, contract.items, `${path}[]`));
  return differences;
}
