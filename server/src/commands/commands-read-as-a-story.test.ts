import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// The shape every command keeps (command.ts): declared as an Action or a Query taking
// `(services, input)`, never handed the whole app context, never asking which adapter stands
// behind a port. Read from the source, so a new command that slips out of the shape fails here
// with its file and line.

const ROOT = __dirname;

/** What commands are given (Services, deliver, the Action and Query types), not a command. */
const WIRING = new Set(['services.ts', 'command.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each line of the command files that breaks a rule, as `file:line  rule`. */
function breaches(rule: string, pattern: RegExp): string[] {
  return sources(ROOT).flatMap((path) => {
    const file = relative(ROOT, path);
    if (WIRING.has(file)) return [];
    return readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}  ${rule}`] : []));
  });
}

describe('commands read as a story', () => {
  it('declares every exported command as an Action or a Query of (services, input)', () => {
    expect(
      breaches('export async function: declare it as an Action or a Query', /^export async function /),
    ).toEqual([]);
    expect(
      breaches('exported async const without the Action or Query type', /^export const \w+ = async\b/),
    ).toEqual([]);
  });

  it('hands no command the whole app context', () => {
    expect(breaches('imports AppContext: name the services it needs', /\bAppContext\b/)).toEqual([]);
  });

  it('never branches on which adapter is configured (the factory picks it)', () => {
    expect(
      breaches(
        'asks which adapter: give the port an operation instead',
        /\b(store|engine|payments|mailer)\.kind\s*[!=]==/,
      ),
    ).toEqual([]);
  });
});
