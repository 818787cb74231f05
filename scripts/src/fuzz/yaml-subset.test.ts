import fs from 'node:fs';
import { OPENAPI_FILE } from './openapi';
import { parseYaml, YamlSubsetError } from './yaml-subset';

describe('parseYaml (the subset docs/openapi.yaml is written in)', () => {
  it('reads block mappings and sequences, "- key:" items and scalars of every type', () => {
    const text = [
      'name: Agentry # a comment',
      'port: 3000',
      'ratio: 0.5',
      'on: true',
      'none: null',
      'quoted: "a: b # not a comment"',
      "single: 'it''s'",
      'items:',
      '  - one',
      '  - name: id',
      '    in: path',
      'same-level:',
      '- x',
    ].join('\n');
    expect(parseYaml(text)).toEqual({
      name: 'Agentry',
      port: 3000,
      ratio: 0.5,
      on: true,
      none: null,
      quoted: 'a: b # not a comment',
      single: "it's",
      items: ['one', { name: 'id', in: 'path' }],
      'same-level': ['x'],
    });
  });

  it('reads flow collections, also over several lines, and keys without values in them', () => {
    const text = [
      'schema: { type: [string, "null"], maxLength: 64, enum: [a, b] }',
      'example:',
      '  {',
      '    a: 1,',
      '    b: [x, y],',
      '  }',
      'loose: { note: one, two }',
    ].join('\n');
    expect(parseYaml(text)).toEqual({
      schema: { type: ['string', 'null'], maxLength: 64, enum: ['a', 'b'] },
      example: { a: 1, b: ['x', 'y'] },
      loose: { note: 'one', two: null },
    });
  });

  it('reads literal and folded block scalars with their chomping, blank lines and # lines kept', () => {
    const text = [
      'literal: |',
      '  line one',
      '',
      '  # not a comment',
      'folded: >-',
      '  joined',
      '  lines',
      '',
      '  paragraph',
    ].join('\n');
    expect(parseYaml(text)).toEqual({
      literal: 'line one\n\n# not a comment\n',
      folded: 'joined lines\nparagraph',
    });
  });

  it('names the line of what it cannot read', () => {
    expect(() => parseYaml('a: {b: 1\nc: 2')).toThrow(YamlSubsetError);
    expect(() => parseYaml('a: 1\n   b: 2')).toThrow(/line 2/);
  });

  it('reads the API description', () => {
    const description = parseYaml(fs.readFileSync(OPENAPI_FILE, 'utf8')) as {
      openapi: string;
      paths: object;
    };
    expect(description.openapi).toMatch(/^3\./);
    expect(Object.keys(description.paths)).toContain('/api/agents/{id}');
  });
});
