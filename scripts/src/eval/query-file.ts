import fs from 'node:fs';

// Query files: one query per line, optionally `KIND<TAB>query` (our judged set keeps the kind of
// each query: use case, hire, name, typo...). Blank lines are skipped.

export interface QueryLine {
  query: string;
  kind?: string;
}

export function parseQueryLines(text: string): QueryLine[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      return tab < 0
        ? { query: line }
        : { kind: line.slice(0, tab).trim(), query: line.slice(tab + 1).trim() };
    });
}

export function readQueryFile(file: string): QueryLine[] {
  return parseQueryLines(fs.readFileSync(file, 'utf8'));
}
