// The source maps keep our own files' lines and drop the lines of the npm packages compiled into a
// bundle (npm-externals-plugin.ts: BUNDLED). Every process parses its bundle's map at start
// (--enable-source-maps) and decodes it whole at its first stack trace (README, "Compiled"): with
// the packages' mappings api-serve.js.map was 2.5 MB against 1.0 MB for our code alone. A stack
// frame inside a package then names the bundle's line, not the package's file; frames in our code,
// which are the ones read, keep their .ts lines.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, value) => [char, value]));

function decodeSegment(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a source-map mapping: "${text}"`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeValue(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let text = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    text += BASE64[digit];
  } while (rest > 0);
  return text;
}

interface SourceMapJson {
  sources: string[];
  mappings: string;
  [key: string]: unknown;
}

/**
 * The map without the mappings into sources under node_modules/: each such segment becomes an
 * unmapped one (so the code it covered maps to nothing rather than to our code before it).
 */
export function withoutPackageMappings(map: SourceMapJson): SourceMapJson {
  const dropped = map.sources.map((source) => /(^|\/)node_modules\//.test(source));
  // The sources kept, renumbered (Node resolves every source of a map when it reads it).
  const renumbered: number[] = [];
  let next = 0;
  for (const gone of dropped) renumbered.push(gone ? -1 : next++);
  // Absolute values carried across lines (all but the generated column, which each line restarts).
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  // What the re-encoded deltas are relative to.
  let lastSource = 0;
  let lastLine = 0;
  let lastColumn = 0;
  let lastName = 0;
  const lines = map.mappings.split(';').map((text) => {
    let generated = 0;
    let lastGenerated = 0;
    let unmapped = true;
    const kept: string[] = [];
    for (const segment of text ? text.split(',') : []) {
      const fields = decodeSegment(segment);
      generated += fields[0]!;
      if (fields.length >= 4) {
        source += fields[1]!;
        line += fields[2]!;
        column += fields[3]!;
      }
      if (fields.length >= 5) name += fields[4]!;
      if (fields.length < 4 || dropped[source]) {
        // An unmapped stretch: one marker is enough until something is mapped again.
        if (unmapped && kept.length > 0) continue;
        kept.push(encodeValue(generated - lastGenerated));
        lastGenerated = generated;
        unmapped = true;
        continue;
      }
      let encoded =
        encodeValue(generated - lastGenerated) +
        encodeValue(renumbered[source]! - lastSource) +
        encodeValue(line - lastLine) +
        encodeValue(column - lastColumn);
      if (fields.length >= 5) {
        encoded += encodeValue(name - lastName);
        lastName = name;
      }
      kept.push(encoded);
      lastGenerated = generated;
      lastSource = renumbered[source]!;
      lastLine = line;
      lastColumn = column;
      unmapped = false;
    }
    return kept.join(',');
  });
  return { ...map, sources: map.sources.filter((_, at) => !dropped[at]), mappings: lines.join(';') };
}
