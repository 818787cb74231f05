import { withoutPackageMappings } from './package-mappings';

describe('withoutPackageMappings', () => {
  // Line 0: column 0 → a.ts 0:0, column 4 → the package's 0:0, column 8 → b.ts 3:2;
  // line 1: column 0 → a.ts 1:0 (every field relative to the segment before, as maps are written).
  const map = {
    version: 3,
    sources: ['a.ts', 'node_modules/p/index.js', 'b.ts'],
    names: [],
    mappings: 'AAAA,ICAA,ICGE;AFFF',
  };

  it('When a segment maps into an npm package, then it becomes unmapped and the package leaves the sources', () => {
    expect(withoutPackageMappings(map)).toEqual({
      ...map,
      sources: ['a.ts', 'b.ts'],
      // b.ts is source 1 now; a.ts's line 1 is relative to b.ts's 3:2.
      mappings: 'AAAA,I,ICGE;ADFF',
    });
  });

  it('When no source is a package, then the mappings are the same', () => {
    const ours = { ...map, sources: ['a.ts', 'c.ts', 'b.ts'] };
    expect(withoutPackageMappings(ours)).toEqual(ours);
  });

  it('When package segments follow one another, then one unmapped marker stands for them', () => {
    // Column 0 → a.ts, columns 2 and 4 → the package, column 6 → a.ts 0:6.
    const packed = { ...map, mappings: 'AAAA,ECAA,EAAE,EDAI' };
    expect(withoutPackageMappings(packed).mappings).toBe('AAAA,E,IAAM');
  });
});
