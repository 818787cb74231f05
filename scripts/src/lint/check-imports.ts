import path from 'node:path';
import { parseSync } from '@swc/core';
import {
  ADAPTERS,
  CLIENT_SHARED,
  CONTRACT_FOLDER,
  LAYER_REASONS,
  MAY_IMPORT,
  MAY_REACH_ADAPTERS,
  ROOTS,
  type Root,
} from './import-rules';

// Reads every import of a source file (import and export ... from, import(), require(), jest.mock()
// and its kin, `import x = require()`), resolves it to a path in the repository and holds it
// against import-rules.ts. Paths are relative to the repository root, with forward slashes.

export interface SourceFile {
  path: string;
  text: string;
}

export interface ImportViolation {
  file: string;
  line: number;
  specifier: string;
  message: string;
}

export const SOURCE_FILE = /\.(ts|tsx|js|cjs|mjs|jsx)$/;

/** The root a repository path belongs to, or null for files outside every root. */
export function rootOf(file: string): Root | null {
  const first = file.split('/')[0];
  return (ROOTS as readonly string[]).includes(first ?? '') ? (first as Root) : null;
}

/** Where a specifier points in the repository, or null for an npm package or a Node built-in. */
export function resolveSpecifier(from: string, specifier: string): string | null {
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const workspace = /^@agentry\/([^/]+)(?:\/(.*))?$/.exec(specifier);
  if (!workspace) return null;
  // Every workspace exports "./*": "./src/*.ts"; the server also exports its bin/ launchers.
  const [, name, rest] = workspace;
  if (rest === undefined) return name!;
  return rest.startsWith('bin/') ? `${name}/${rest}` : `${name}/src/${rest}`;
}

const within = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
// A path without its extension, so 'x/port' and 'x/port.ts' compare equal.
const stem = (file: string) => file.replace(/\.(d\.ts|ts|tsx|js|cjs|mjs|jsx)$/, '');

/** The problem with one import, or null when the rules allow it. */
export function judgeImport(file: string, specifier: string, typeOnly = false): string | null {
  const target = resolveSpecifier(file, specifier);
  if (target === null) return null;
  const from = rootOf(file);
  const to = rootOf(target);
  if (from === null) return null;
  if (to === null) return `${specifier} leaves the workspaces: import only from ${ROOTS.join(', ')}`;
  if (to !== from) {
    if (specifier.startsWith('.'))
      return `a relative import leaves ${from}/ for ${to}/: ${
        MAY_IMPORT[from].includes(to)
          ? `import it by its package name (@agentry/${to}/...)`
          : `${from} may not import ${to} at all (${LAYER_REASONS[from]})`
      }`;
    if (!MAY_IMPORT[from].includes(to)) return `${from} may not import ${to}: ${LAYER_REASONS[from]}`;
  }
  return (
    judgeAdapter(file, target) ??
    judgeClientFolders(file, stem(target)) ??
    (typeOnly ? null : judgeBrowserTypesOnly(file, target))
  );
}

/** The contract's zod schemas stay out of the browser bundle: code that ships to it takes their types only. */
function judgeBrowserTypesOnly(file: string, target: string): string | null {
  if (!within(stem(target), CONTRACT_FOLDER) || within(file, CONTRACT_FOLDER)) return null;
  const shipped = within(file, 'client/src') || within(file, 'domain/src');
  if (!shipped || /\.test\.tsx?$/.test(file)) return null;
  return `${CONTRACT_FOLDER}/ holds zod schemas: code that reaches the browser imports their types only (import type), so zod stays out of the bundle`;
}

function judgeAdapter(file: string, target: string): string | null {
  const reached = ADAPTERS.find(({ adapter }) => within(stem(target), adapter));
  if (!reached || within(file, reached.adapter)) return null;
  const sibling = ADAPTERS.find(({ adapter }) => within(file, adapter));
  if (sibling && sibling.port === reached.port)
    return `an adapter does not reach into another (${reached.adapter}/): what both need belongs beside the port, in ${reached.port}/`;
  if (within(file, 'platform')) return null;
  if (MAY_REACH_ADAPTERS.some((pattern) => pattern.test(file))) return null;
  return `${reached.adapter}/ is an adapter: reach it through its port (${reached.port}/port) and factory (${reached.port}/factory), which re-exports what callers need (only tests and scripts/src/bench/ may stand up one adapter on purpose)`;
}

function judgeClientFolders(file: string, target: string): string | null {
  const folder = (p: string) => {
    const match = /^client\/src\/([^/]+)(?:\/([^/]+))?/.exec(p);
    return match ? { top: match[1]!, feature: match[1] === 'features' ? match[2] : undefined } : null;
  };
  const a = folder(file);
  const b = folder(target);
  if (!a || !b) return null;
  if (CLIENT_SHARED.includes(a.top) && (b.top === 'features' || b.top === 'app'))
    return `client/src/${a.top}/ is shared code: it imports no feature or app code (move what both need into a shared folder)`;
  if (a.top === 'features' && b.top === 'app')
    return 'a feature imports no app code: the app composes the features';
  if (a.feature && b.feature && a.feature !== b.feature)
    return `features do not import each other (features/${a.feature} -> features/${b.feature}): move what both need into components/, hooks/ or lib/, or compose them in app/`;
  return null;
}

interface Found {
  specifier: string;
  line: number;
  /** Erased when compiled: `import type`, or every name imported marked `type`. */
  typeOnly: boolean;
}

const MODULE_FUNCTIONS = new Set(['require', 'mock', 'unmock', 'doMock', 'requireActual', 'requireMock']);

/** Every module specifier the file names, with its line. */
export function importsOf(file: SourceFile): Found[] {
  const { text } = file;
  const tsx = /\.(tsx|jsx)$/.test(file.path);
  const typescript = /\.tsx?$/.test(file.path);
  const module = parseSync(file.text, {
    syntax: typescript ? 'typescript' : 'ecmascript',
    ...(typescript ? { tsx } : { jsx: tsx }),
    target: 'es2022',
  } as Parameters<typeof parseSync>[1]);
  const specifiers: Array<{ specifier: string; typeOnly: boolean }> = [];
  const add = (node: { value?: unknown } | undefined, typeOnly = false) => {
    if (node && typeof node.value === 'string') specifiers.push({ specifier: node.value, typeOnly });
  };
  const erased = (n: Record<string, unknown>) => {
    const names = (n.specifiers as Array<{ isTypeOnly?: boolean }> | undefined) ?? [];
    return n.typeOnly === true || (names.length > 0 && names.every((name) => name.isTypeOnly === true));
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const n = node as Record<string, unknown> & { type?: string };
    if (
      n.type === 'ImportDeclaration' ||
      n.type === 'ExportAllDeclaration' ||
      n.type === 'ExportNamedDeclaration'
    )
      add(n.source as never, erased(n));
    if (n.type === 'TsExternalModuleReference') add(n.expression as never);
    if (n.type === 'CallExpression') {
      const callee = n.callee as { type: string; value?: string; property?: { value?: string } };
      const name = callee.type === 'Identifier' ? callee.value : callee.property?.value;
      const first = (n.arguments as Array<{ expression: { type: string } }>)[0]?.expression;
      if (
        (callee.type === 'Import' || (name && MODULE_FUNCTIONS.has(name))) &&
        first?.type === 'StringLiteral'
      )
        add(first as never);
    }
    for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
  };
  visit(module.body);
  // swc's spans count bytes from where its previous parse ended; the line of each specifier is
  // found in the text instead, in order.
  let from = 0;
  return specifiers.map(({ specifier, typeOnly }) => {
    const places = ["'", '"', '`']
      .map((quote) => text.indexOf(`${quote}${specifier}${quote}`, from))
      .filter((place) => place >= 0);
    const at = places.length > 0 ? Math.min(...places) : from;
    from = at + 1;
    return { specifier, typeOnly, line: text.slice(0, at).split('\n').length };
  });
}

export function checkImports(files: readonly SourceFile[]): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const file of files) {
    for (const { specifier, line, typeOnly } of importsOf(file)) {
      const message = judgeImport(file.path, specifier, typeOnly);
      if (message) violations.push({ file: file.path, line, specifier, message });
    }
  }
  return violations;
}
