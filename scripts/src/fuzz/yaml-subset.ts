// A reader for the YAML that docs/openapi.yaml is written in: block mappings and sequences, flow
// collections (also over several lines), plain, quoted and block scalars, comments. No anchors,
// tags or multiple documents. The repository has no YAML parser of its own to depend on, and the
// fuzzer needs the description's schemas, not only its layout.

interface Line {
  /** Where it is in the source, counted from 0 (for error messages). */
  at: number;
  indent: number;
  text: string;
  /** The line as written (block scalars keep their own text). */
  raw: string;
}

export class YamlSubsetError extends Error {
  constructor(message: string, line: number) {
    super(`${message} (line ${line + 1})`);
    this.name = 'YamlSubsetError';
  }
}

/** Cuts a trailing comment: a `#` after whitespace, outside quotes. */
function stripComment(text: string): string {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quote) {
      if (char === '\\' && quote === '"') i += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      if (i === 0 || /[\s[{,:]/.test(text[i - 1]!)) quote = char;
    } else if (char === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      return text.slice(0, i).trimEnd();
    }
  }
  return text.trimEnd();
}

function plainScalar(text: string): unknown {
  if (text === '' || text === '~' || text === 'null') return null;
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^[-+]?\d+$/.test(text)) return Number(text);
  if (/^[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$/.test(text)) return Number(text);
  return text;
}

function doubleQuoted(body: string): string {
  return JSON.parse(`"${body.replace(/\\\//g, '/')}"`) as string;
}

/** Reads a flow collection or quoted or plain scalar from `text` at `at`; returns the value and where it ended. */
function flowValue(text: string, at: number, lineNo: number): [unknown, number] {
  let i = skipSpaces(text, at);
  const char = text[i];
  if (char === '{' || char === '[') {
    const close = char === '{' ? '}' : ']';
    const result: Record<string, unknown> | unknown[] = char === '{' ? {} : [];
    i = skipSpaces(text, i + 1);
    while (text[i] !== close) {
      if (i >= text.length) throw new YamlSubsetError(`unclosed ${char}`, lineNo);
      if (Array.isArray(result)) {
        const [item, end] = flowValue(text, i, lineNo);
        result.push(item);
        i = end;
      } else {
        const [key, keyEnd] = flowValue(text, i, lineNo);
        i = skipSpaces(text, keyEnd);
        if (text[i] === ',' || text[i] === '}') {
          // A key alone ("{ a, b: c }") has a null value.
          result[String(key)] = null;
          continue;
        }
        if (text[i] !== ':') throw new YamlSubsetError(`expected ":" in a flow mapping`, lineNo);
        const [value, end] = flowValue(text, i + 1, lineNo);
        result[String(key)] = value;
        i = end;
      }
      i = skipSpaces(text, i);
      if (text[i] === ',') i = skipSpaces(text, i + 1);
    }
    return [result, i + 1];
  }
  if (char === '"' || char === "'") return quoted(text, i, lineNo);
  // A plain scalar inside a flow collection ends at , ] } or ": ".
  let end = i;
  while (end < text.length) {
    const c = text[end]!;
    if (c === ',' || c === ']' || c === '}') break;
    if (c === ':' && (end + 1 >= text.length || /[\s,\]}]/.test(text[end + 1]!))) break;
    end += 1;
  }
  return [plainScalar(text.slice(i, end).trim()), end];
}

function quoted(text: string, at: number, lineNo: number): [string, number] {
  const quote = text[at]!;
  let i = at + 1;
  let body = '';
  while (i < text.length) {
    const char = text[i]!;
    if (quote === "'" && char === "'") {
      if (text[i + 1] === "'") {
        body += "'";
        i += 2;
        continue;
      }
      return [body, i + 1];
    }
    if (quote === '"' && char === '\\') {
      body += char + text[i + 1];
      i += 2;
      continue;
    }
    if (quote === '"' && char === '"') return [doubleQuoted(body), i + 1];
    body += char;
    i += 1;
  }
  throw new YamlSubsetError('unclosed quote', lineNo);
}

function skipSpaces(text: string, at: number): number {
  let i = at;
  while (i < text.length && /\s/.test(text[i]!)) i += 1;
  return i;
}

/** Where the `key: ` of a block mapping entry ends, or -1 when the text is not one. */
function keyColon(text: string): number {
  if (text.startsWith('"') || text.startsWith("'")) {
    const [, end] = quoted(text, 0, 0);
    return text[end] === ':' && (end + 1 === text.length || text[end + 1] === ' ') ? end : -1;
  }
  if (/^[[{]/.test(text)) return -1;
  const match = /^[^#]*?:(?= |$)/.exec(text);
  return match ? match[0].length - 1 : -1;
}

class Reader {
  private index = 0;

  constructor(private readonly lines: Line[]) {}

  read(): unknown {
    const value = this.block(0);
    if (this.index < this.lines.length) throw new YamlSubsetError('unexpected text', this.where());
    return value;
  }

  /** The source line of the line at `index`, for error messages. */
  private where(index = this.index): number {
    return this.lines[index]?.at ?? this.lines.length;
  }

  private peek(): Line | undefined {
    return this.lines[this.index];
  }

  private block(minIndent: number): unknown {
    const first = this.peek();
    if (!first || first.indent < minIndent) return null;
    if (/^-( |$)/.test(first.text)) return this.sequence(first.indent);
    if (keyColon(first.text) < 0) return this.scalarLines(first.indent);
    return this.mapping(first.indent);
  }

  private mapping(indent: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (let line = this.peek(); line && line.indent === indent; line = this.peek()) {
      if (/^-( |$)/.test(line.text)) break;
      const colon = keyColon(line.text);
      if (colon < 0) throw new YamlSubsetError('expected "key:"', this.where());
      const keyText = line.text.slice(0, colon).trim();
      const key = /^["']/.test(keyText) ? quoted(keyText, 0, this.where())[0] : keyText;
      result[key] = this.valueAfter(line.text.slice(colon + 1).trim(), indent, true);
    }
    const next = this.peek();
    if (next && next.indent > indent) throw new YamlSubsetError('bad indentation', this.where());
    return result;
  }

  private sequence(indent: number): unknown[] {
    const result: unknown[] = [];
    for (
      let line = this.peek();
      line && line.indent === indent && /^-( |$)/.test(line.text);
      line = this.peek()
    ) {
      const rest = line.text.slice(1).trim();
      if (rest !== '' && keyColon(rest) >= 0 && !/^[[{]/.test(rest)) {
        // "- key: value" opens a mapping whose keys sit two columns in.
        const inner = indent + (line.text.length - line.text.slice(1).trimStart().length);
        this.lines[this.index] = { ...line, indent: inner, text: rest };
        result.push(this.mapping(inner));
      } else {
        result.push(this.valueAfter(rest, indent, false));
      }
    }
    return result;
  }

  /** The value after "key:" or "- " on the current line (which it consumes), with what follows it. */
  private valueAfter(rest: string, indent: number, inMapping: boolean): unknown {
    const lineNo = this.index;
    this.index += 1;
    if (/^[|>][-+]?$/.test(rest)) return this.blockScalar(rest, indent);
    if (rest === '') {
      const next = this.peek();
      if (!next) return null;
      if (next.indent > indent) {
        if (/^[[{]/.test(next.text)) return this.flowLines(next.indent);
        return this.block(indent + 1);
      }
      // A sequence may sit at its key's own indentation.
      if (inMapping && next.indent === indent && /^-( |$)/.test(next.text)) return this.sequence(indent);
      return null;
    }
    if (/^[[{]/.test(rest)) {
      this.index = lineNo;
      return this.flowLines(indent, rest);
    }
    if (/^["']/.test(rest)) return quoted(rest, 0, this.where(lineNo))[0];
    // A plain scalar may go on over more indented lines (folded with spaces).
    const parts = [rest];
    for (
      let next = this.peek();
      next && next.indent > indent && keyColon(next.text) < 0;
      next = this.peek()
    ) {
      parts.push(next.text);
      this.index += 1;
    }
    return plainScalar(parts.join(' '));
  }

  /** A flow collection that may span lines; `first` replaces the current line's text. */
  private flowLines(indent: number, first?: string): unknown {
    const start = this.index;
    let text = first ?? this.lines[this.index]!.text;
    this.index += 1;
    for (;;) {
      try {
        const [value, end] = flowValue(text, 0, this.where(start));
        if (text.slice(end).trim() !== '')
          throw new YamlSubsetError('text after a flow collection', this.where(start));
        return value;
      } catch (error) {
        const next = this.peek();
        if (!(error instanceof YamlSubsetError) || !next || next.indent <= indent - (first ? 0 : 1))
          throw error;
        text += ` ${next.text}`;
        this.index += 1;
      }
    }
  }

  private scalarLines(indent: number): unknown {
    const parts: string[] = [];
    for (let line = this.peek(); line && line.indent >= indent; line = this.peek()) {
      parts.push(line.text);
      this.index += 1;
    }
    return plainScalar(parts.join(' '));
  }

  private blockScalar(header: string, indent: number): string {
    const lines: string[] = [];
    let contentIndent = -1;
    while (this.index < this.lines.length) {
      const line = this.lines[this.index]!;
      if (line.indent <= indent) break;
      if (contentIndent < 0) contentIndent = line.indent;
      lines.push(line.raw.slice(contentIndent));
      this.index += 1;
    }
    const folded = header.startsWith('>');
    let text = '';
    if (folded) {
      // Lines join with a space; an empty line is a line break; more-indented lines keep theirs.
      for (let i = 0; i < lines.length; i += 1) {
        const line = lines[i]!;
        const previous = lines[i - 1];
        if (i > 0) {
          const breaks = line === '' || previous === '' || /^\s/.test(line) || /^\s/.test(previous!);
          text += breaks ? (previous === '' ? '' : '\n') : ' ';
        }
        text += line;
      }
    } else {
      text = lines.join('\n');
    }
    const chomp = header.slice(1);
    if (chomp === '-') return text.replace(/\n+$/, '');
    return `${text.replace(/\n+$/, '')}\n`;
  }
}

/** Parses the YAML subset above; throws YamlSubsetError naming the line of what it cannot read. */
export function parseYaml(source: string): unknown {
  return new Reader(significantLines(source)).read();
}

/**
 * The lines that carry content. Blank and comment-only lines are dropped, except inside block
 * scalars, where a blank line is kept empty and a "#" line is text.
 */
function significantLines(source: string): Line[] {
  const rawLines = source.replace(/\r\n?/g, '\n').split('\n');
  const result: Line[] = [];
  let blockScalarIndent = -1;
  for (let i = 0; i < rawLines.length; i += 1) {
    const raw = rawLines[i]!.trimEnd();
    const indent = raw.length - raw.trimStart().length;
    if (raw === '') {
      const next = rawLines.slice(i + 1).find((candidate) => candidate.trim() !== '');
      const nextIndent = next ? next.length - next.trimStart().length : -1;
      if (blockScalarIndent >= 0 && nextIndent > blockScalarIndent) {
        result.push({ at: i, indent: nextIndent, text: '', raw: ' '.repeat(nextIndent) });
      }
      continue;
    }
    if (blockScalarIndent >= 0 && indent > blockScalarIndent) {
      result.push({ at: i, indent, text: raw.trim(), raw });
      continue;
    }
    blockScalarIndent = -1;
    const text = stripComment(raw.trim());
    if (text === '') continue;
    if (/(^|: |^- )[|>][-+]?$/.test(text)) blockScalarIndent = indent;
    result.push({ at: i, indent, text, raw });
  }
  return result;
}
