import fs from 'node:fs';
import path from 'node:path';

// docker-compose.yml as Compose reads it, for tests that cannot run Docker (no engine on these
// machines, and no `docker compose`): YAML with anchors and merge keys (js-yaml, jest's own
// dependency), then variable interpolation as the Compose specification defines it
// (https://docs.docker.com/reference/compose-file/interpolation/): ${VAR}, ${VAR:-default},
// ${VAR-default}, ${VAR:?error}, ${VAR?error}, ${VAR:+replacement}, ${VAR+replacement}, $VAR, and $$
// for a literal dollar. Override files merge as `docker compose -f a -f b` merges mappings.

export const REPO_ROOT = path.resolve(__dirname, '../../..');

const yaml = require('js-yaml') as { safeLoad(text: string): unknown };

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  profiles?: string[];
  restart?: string;
  environment?: Record<string, string | number | null>;
  healthcheck?: { test?: string[]; disable?: boolean; interval?: string; start_period?: string };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export class InterpolationError extends Error {}

/** One value interpolated with `vars` (the shell and .env); a required variable missing throws its message. */
export function interpolate(text: string, vars: Record<string, string | undefined>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced?: string, operator?: string, argument?: string, bare?: string) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare)!;
      const value = vars[name];
      const set = value !== undefined;
      const nonEmpty = set && value !== '';
      switch (operator) {
        case undefined:
          return value ?? '';
        case ':-':
          return nonEmpty ? value! : argument!;
        case '-':
          return set ? value! : argument!;
        case ':?':
          if (!nonEmpty) throw new InterpolationError(`${name}: ${argument}`);
          return value!;
        case '?':
          if (!set) throw new InterpolationError(`${name}: ${argument}`);
          return value!;
        case ':+':
          return nonEmpty ? argument! : '';
        case '+':
          return set ? argument! : '';
        default:
          throw new InterpolationError(`unreadable ${match}`);
      }
    },
  );
}

function interpolateAll(value: unknown, vars: Record<string, string | undefined>): unknown {
  if (typeof value === 'string') return interpolate(value, vars);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, vars));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, vars)]));
  return value;
}

/** Mappings merge key by key (the later file wins); anything else is replaced. */
function merge(base: unknown, override: unknown): unknown {
  if (
    base !== null &&
    override !== null &&
    typeof base === 'object' &&
    typeof override === 'object' &&
    !Array.isArray(base) &&
    !Array.isArray(override)
  ) {
    const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [key, value] of Object.entries(override)) merged[key] = merge(merged[key], value);
    return merged;
  }
  return override;
}

/** The compose files as written (no interpolation), later files merged over earlier ones. */
export function readCompose(...files: string[]): ComposeFile {
  const names = files.length > 0 ? files : ['docker-compose.yml'];
  return names
    .map((file) => yaml.safeLoad(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')))
    .reduce((merged, next) => merge(merged, next)) as ComposeFile;
}

/** The compose files with every variable interpolated from `vars`, as `docker compose config` shows them. */
export function resolveCompose(vars: Record<string, string | undefined>, ...files: string[]): ComposeFile {
  return interpolateAll(readCompose(...files), vars) as ComposeFile;
}

/** A .env file's variables (KEY=VALUE lines; # comments; optional quotes). */
export function parseDotenv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    const raw = match[2]!.trim();
    vars[match[1]!] = /^(['"]).*\1$/.test(raw) ? raw.slice(1, -1) : raw.replace(/\s+#.*$/, '');
  }
  return vars;
}

/** What a service's container gets as its environment: the image's ENV, then the service's. */
export function containerEnv(
  service: ComposeService,
  imageEnv: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = { ...imageEnv };
  for (const [name, value] of Object.entries(service.environment ?? {}))
    if (value !== null) env[name] = String(value);
  return env;
}

/** The ENV of the Dockerfile's runtime stage. */
export function imageEnv(): Record<string, string> {
  const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
  const block = /^ENV ((?:.*\\\n)*.*)$/m.exec(runtime)?.[1] ?? '';
  return Object.fromEntries(
    block
      .replace(/\\\n/g, ' ')
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split('=') as [string, string]),
  );
}
